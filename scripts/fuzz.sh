#!/usr/bin/env bash
# The long fuzzing campaign: `make fuzz [N=1000000] [BATCH=50000] [SEED=1]`.
#
# Runs `cpdi fuzz` (release build, in .build-release) in batches of BATCH inputs with successive seeds.
# Each batch writes the input it is about to try to a file first; when a batch crashes, that input is
# kept in Tests/CPDIPipelineTests/FuzzRegressions (after shrinking it with `cpdi fuzz --replay` while it
# still crashes) and the campaign goes on with the next seed. Slow inputs are saved the same way.
# Prints one line per batch and a summary; exits 1 when anything crashed or was too slow.
set -uo pipefail
cd "$(dirname "$0")/.."
N=${N:-1000000}
BATCH=${BATCH:-50000}
SEED=${SEED:-1}
CPDI=.build-release/release/cpdi
WORK=${FUZZ_DIR:-${TMPDIR:-/tmp}/cpdi-fuzz}
KEEP=Tests/CPDIPipelineTests/FuzzRegressions
mkdir -p "$WORK/slow" "$KEEP"
swift build -c release --scratch-path .build-release --product cpdi >&2 || exit 2

# Still crashing (a signal, not an exit status cpdi chose)?
crashes() { timeout 60 "$CPDI" fuzz --replay "$1" >/dev/null 2>&1; [ $? -ge 124 ]; }

# Delta debugging, coarse to fine: drop chunks while the input still crashes.
shrink() {
  local file=$1 size chunk trial="$WORK/trial.bin"
  size=$(stat -c %s "$file"); chunk=$((size / 2))
  while [ "$chunk" -ge 1 ]; do
    local offset=0 changed=0
    while [ "$offset" -lt "$(stat -c %s "$file")" ]; do
      { head -c "$offset" "$file"; tail -c +$((offset + chunk + 1)) "$file"; } > "$trial"
      if crashes "$trial"; then cp "$trial" "$file"; changed=1; else offset=$((offset + chunk)); fi
    done
    [ "$changed" = 0 ] && chunk=$((chunk / 2))
  done
}

started=$(date +%s); done_inputs=0; crashed=0; slow=0; seed=$SEED; slowest="0"
while [ "$done_inputs" -lt "$N" ]; do
  count=$(( N - done_inputs < BATCH ? N - done_inputs : BATCH ))
  line=$("$CPDI" fuzz --inputs "$count" --seed "$seed" --current "$WORK/current.bin" --slow "$WORK/slow" 2>&1 | tail -1)
  status=$?
  if [ "$status" -ge 124 ] || ! grep -q "^cpdi fuzz:" <<<"$line"; then
    crashed=$((crashed + 1))
    kept="$KEEP/crash-seed$seed-$(sha1sum "$WORK/current.bin" | cut -c1-10).swift"
    cp "$WORK/current.bin" "$kept"; shrink "$kept"
    echo "batch seed $seed: CRASH, input kept as $kept ($(stat -c %s "$kept") bytes)"
  else
    echo "batch $line"
    ms=$(sed -n 's/.*took \([0-9.]*\) ms.*/\1/p' <<<"$line")
    slowest=$(python3 -c "print(max($slowest, ${ms:-0}))")
  fi
  done_inputs=$((done_inputs + count)); seed=$((seed + 1))
done
for file in "$WORK"/slow/*.swift; do [ -e "$file" ] && { slow=$((slow + 1)); cp "$file" "$KEEP/"; }; done
echo "fuzz: $done_inputs inputs in $(( $(date +%s) - started )) s, $crashed crashes, $slow slow inputs, slowest input ${slowest} ms ($(uname -m), $(nproc) cores)"
[ "$crashed" = 0 ] && [ "$slow" = 0 ]
