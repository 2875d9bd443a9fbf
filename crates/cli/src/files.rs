//! Files as the command line reads and writes them (docs/architecture.md, "Tournament files"):
//! every read is bounded ([`MAX_INPUT`]), `-` is standard input, and a tournament file is
//! changed as a database would change it: under an exclusive lock held from the read to the
//! replacement, through a unique temporary file in the same directory, synced before it is
//! renamed over the file and the directory synced after, so that a reader sees the old file or
//! the new one and never a part, and no two writers lose each other's changes.
//!
//! Through a symbolic link the file it points to is replaced, not the link; the file's mode
//! (and, where permitted, owner and group) are kept.

use std::fs::{File, Metadata};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

use crate::error::{Error, Result};

/// The largest input read (64 MiB): far above any record or tournament file, and a clear error
/// rather than an endless read for a device or a runaway pipe.
pub const MAX_INPUT: u64 = 64 * 1024 * 1024;

/// `-` names standard input (and, for a file changed in place, standard output).
pub fn is_stdin(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// A whole input: the file, or standard input for `-`; at most [`MAX_INPUT`] bytes.
pub fn read(path: &Path) -> Result<Vec<u8>> {
    if is_stdin(path) {
        return read_bounded(std::io::stdin().lock(), path);
    }
    let file = File::open(path).map_err(|source| Error::Read { path: path.into(), source })?;
    read_bounded(file, path)
}

fn read_bounded(r: impl Read, path: &Path) -> Result<Vec<u8>> {
    let mut bytes = Vec::new();
    r.take(MAX_INPUT + 1).read_to_end(&mut bytes).map_err(|source| Error::Read { path: path.into(), source })?;
    if bytes.len() as u64 > MAX_INPUT {
        return Err(Error::TooLarge { path: path.into(), limit: MAX_INPUT });
    }
    Ok(bytes)
}

/// A file opened to be changed: locked until it is replaced or dropped.
pub struct Locked {
    /// The path as given, for messages.
    shown: PathBuf,
    /// The file itself, symbolic links resolved.
    target: PathBuf,
    /// Holds the lock; its metadata are the mode and owner to keep.
    file: File,
    meta: Metadata,
}

impl Locked {
    /// Opens `path` for a read-modify-write: waits for the exclusive lock, and returns the file's
    /// bytes as they are under it.
    pub fn open(path: &Path) -> Result<(Locked, Vec<u8>)> {
        let read_err = |source| Error::Read { path: path.into(), source };
        let target = std::fs::canonicalize(path).map_err(read_err)?;
        loop {
            let file = File::open(&target).map_err(read_err)?;
            file.lock().map_err(read_err)?;
            // A writer that held the lock may have renamed a new file over the path while this
            // one waited: the lock that counts is the one on the file now at the path.
            let meta = file.metadata().map_err(read_err)?;
            let now = std::fs::metadata(&target).map_err(read_err)?;
            if same_file(&meta, &now) {
                let bytes = read_bounded(&file, path)?;
                return Ok((Locked { shown: path.into(), target, file, meta }, bytes));
            }
        }
    }

    /// Replaces the file's content with `bytes` (see the module documentation); the lock is
    /// released after the rename.
    pub fn replace(self, bytes: &[u8]) -> Result<()> {
        let write_err = |source| Error::Write { path: self.shown.clone(), source };
        let dir = self.target.parent().unwrap_or(Path::new("."));
        let name = self.target.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        let mut tmp = tempfile::Builder::new()
            .prefix(&format!(".{name}."))
            .suffix(".shinpan-tmp")
            .tempfile_in(dir)
            .map_err(write_err)?;
        tmp.write_all(bytes).map_err(write_err)?;
        keep_owner(tmp.as_file(), &self.meta);
        tmp.as_file().set_permissions(self.meta.permissions()).map_err(write_err)?;
        tmp.as_file().sync_all().map_err(write_err)?;
        tmp.persist(&self.target).map_err(|e| write_err(e.error))?;
        sync_dir(dir).map_err(write_err)?;
        drop(self.file);
        Ok(())
    }
}

/// Creates `path` with `bytes`, refused if it exists: written to a unique temporary file beside
/// it, synced, and linked into place only if the name is still free, the directory synced.
pub fn create(path: &Path, bytes: &[u8]) -> Result<()> {
    let write_err = |source| Error::Write { path: path.into(), source };
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let mut builder = tempfile::Builder::new();
    builder.prefix(".shinpan-new.").suffix(".tmp");
    // A new file gets the mode the umask gives new files, not a temporary file's 0600.
    #[cfg(unix)]
    builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o666));
    let mut tmp = builder.tempfile_in(dir).map_err(write_err)?;
    tmp.write_all(bytes).map_err(write_err)?;
    tmp.as_file().sync_all().map_err(write_err)?;
    tmp.persist_noclobber(path).map_err(|e| match e.error.kind() {
        std::io::ErrorKind::AlreadyExists => Error::Exists { path: path.into() },
        _ => write_err(e.error),
    })?;
    sync_dir(dir).map_err(write_err)?;
    Ok(())
}

#[cfg(unix)]
fn same_file(a: &Metadata, b: &Metadata) -> bool {
    use std::os::unix::fs::MetadataExt;
    (a.dev(), a.ino()) == (b.dev(), b.ino())
}

#[cfg(not(unix))]
fn same_file(_: &Metadata, _: &Metadata) -> bool {
    true
}

/// The new file gets the old one's owner and group where the system permits it (a user may
/// only give a file his own uid and one of his groups); otherwise it stays the writer's.
#[cfg(unix)]
fn keep_owner(file: &File, meta: &Metadata) {
    use std::os::unix::fs::MetadataExt;
    let _ = std::os::unix::fs::fchown(file, Some(meta.uid()), Some(meta.gid()));
}

#[cfg(not(unix))]
fn keep_owner(_: &File, _: &Metadata) {}

/// Makes a rename in `dir` durable (POSIX: the directory entry is the directory's data).
#[cfg(unix)]
fn sync_dir(dir: &Path) -> std::io::Result<()> {
    File::open(dir)?.sync_all()
}

#[cfg(not(unix))]
fn sync_dir(_: &Path) -> std::io::Result<()> {
    Ok(())
}
