//! The closed sets named by strings (a pairing system, a tie-break, a format …): one table of
//! names per type gives `as_str`, `Display`, `FromStr` (blanks and ASCII case ignored, aliases
//! accepted), serde as the name, and `clap::ValueEnum` with the `clap` feature.

/// Serde through `Display` and `FromStr`.
macro_rules! serde_via_str {
    ($t:ty) => {
        impl serde::Serialize for $t {
            fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
                s.collect_str(self)
            }
        }

        impl<'de> serde::Deserialize<'de> for $t {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> std::result::Result<Self, D::Error> {
                let s = <std::borrow::Cow<'de, str> as serde::Deserialize>::deserialize(d)?;
                s.parse().map_err(serde::de::Error::custom)
            }
        }
    };
}
pub(crate) use serde_via_str;

/// `closed_set!(Type, "what it names"; Variant => "name" | "alias" …, …)`: the first name of
/// each variant is the one written.
macro_rules! closed_set {
    ($t:ident, $what:literal; $($v:ident => $name:literal $(| $alias:literal)*),+ $(,)?) => {
        impl $t {
            pub const ALL: &'static [$t] = &[$($t::$v),+];

            pub const fn as_str(self) -> &'static str {
                match self {
                    $($t::$v => $name),+
                }
            }
        }

        impl std::fmt::Display for $t {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl std::str::FromStr for $t {
            type Err = $crate::error::UnknownName;

            fn from_str(s: &str) -> std::result::Result<$t, Self::Err> {
                let given = s.trim();
                $(
                    if given.eq_ignore_ascii_case($name) $(|| given.eq_ignore_ascii_case($alias))* {
                        return Ok($t::$v);
                    }
                )+
                Err($crate::error::UnknownName { what: $what, given: given.to_string(), known: &[$($name),+] })
            }
        }

        $crate::names::serde_via_str!($t);

        #[cfg(feature = "clap")]
        impl clap::ValueEnum for $t {
            fn value_variants<'a>() -> &'a [Self] {
                Self::ALL
            }

            fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
                Some(match self {
                    $($t::$v => clap::builder::PossibleValue::new($name) $(.alias($alias))*),+
                })
            }
        }
    };
}
pub(crate) use closed_set;
