#!/usr/bin/env bash
# The whole test suite: installs what is missing, builds, runs the lit tests
# and the GoogleTest unit tests, and ends with one line "N passed, N failed".
#   scripts/test.sh [BUILD_DIR]       (default: build)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${1:-$ROOT/build}

bash "$ROOT/scripts/build.sh" "$BUILD"
cmake --build "$BUILD" --target hetile_unit_tests

LIT=/usr/lib/llvm-19/build/utils/lit/lit.py
RESULTS="$BUILD/test-results.json"
rm -f "$RESULTS"
set +e
python3 "$LIT" -sv --order=lexical -o "$RESULTS" "$BUILD/test" "$BUILD/test/unit"
status=$?
set -e
python3 - "$RESULTS" <<'PY'
import json, sys
try:
    tests = json.load(open(sys.argv[1]))["tests"]
except (OSError, ValueError, KeyError):
    print("0 passed, 1 failed")   # lit produced no results at all
    sys.exit(0)
ok = {"PASS", "XFAIL"}
skip = {"UNSUPPORTED", "SKIPPED", "EXCLUDED"}
passed = sum(t["code"] in ok for t in tests)
skipped = sum(t["code"] in skip for t in tests)
failed = len(tests) - passed - skipped
print(f"{passed} passed, {failed} failed, {skipped} skipped")
PY
exit $status
