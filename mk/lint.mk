# Hygiene (issue 14): the tree is rustfmt-clean (rustfmt.toml) and clippy-clean, warnings denied.
.PHONY: lint
test: lint
lint:
	$(CARGO) fmt --all --check
	$(CARGO) clippy --workspace --all-targets --release -- -D warnings
