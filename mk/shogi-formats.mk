# Shogi record formats (issue 2): KIF and CSA differential test against cshogi (PyPI), both ways.
.PHONY: test-shogi-formats bench-shogi-formats

test: test-shogi-formats
test-shogi-formats: build deps-shogi
	$(PY) scripts/cshogi_formats.py $(BIN) --games 1000

# No benchmark of its own: reading is linear in the record; the perft bench is bench-shogi.
bench-shogi-formats:
	@echo "shogi formats: no benchmark (see bench-shogi)"
