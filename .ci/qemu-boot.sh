# Sourced by .ci/qemu-evdev.sh and .ci/qemu-controllers.sh (which define `step`): boots a guest and checks its log,
# once more when only timing checks failed.
#
#   boot_and_check NAME TIMEOUT KERNEL INITRD OUTDIR CHECK_PY
#
# /dev/kvm here is kvm_pvm (no vmx/svm), where a stock kernel crawls: TCG unless real VT is there. CHECK_PY exits 2
# when only timing checks failed (latencies and rates a busy host can tip in a one-CPU TCG guest): then the whole
# guest runs once more and that run decides, so a real regression fails both runs while every functional check
# fails at once. Returns CHECK_PY's verdict (0 pass, 1 fail); the first run's log is kept as OUTDIR/serial-first.log.
boot_and_check() {
  local name=$1 limit=$2 kernel=$3 initrd=$4 out=$5 checker=$6 accel status
  accel="-accel tcg -cpu max ${QEMU_TCG_OPTIONS:-}"
  export QEMU_GUEST_CLOCK=wall
  case "${QEMU_TCG_OPTIONS:-}" in *-icount*) QEMU_GUEST_CLOCK=instructions ;; esac
  grep -qE '\b(vmx|svm)\b' /proc/cpuinfo && [ -w /dev/kvm ] && { accel="-accel kvm -cpu host"; QEMU_GUEST_CLOCK=wall; }
  boot_once() {
    step "boot ($1)"
    timeout "$limit" qemu-system-x86_64 $accel -m 1G -smp 1 -kernel "$kernel" -initrd "$initrd" \
      -append 'console=ttyS0 quiet random.trust_cpu=on panic=-1' -nographic -no-reboot </dev/null > "$out/serial.raw" 2>&1 \
      || echo "$name: qemu exit $?"
    tr -d '\r' < "$out/serial.raw" | sed 's/\x1b[^a-zA-Z]*[a-zA-Z]//g; s/\x1bc//g' > "$out/serial.log"
    step "guest finished; checking the log ($out/serial.log)"
    python3 "$checker" "$out/serial.log"
  }
  status=0
  boot_once "first run" || status=$?
  if [ "$status" -eq 2 ]; then
    cp "$out/serial.log" "$out/serial-first.log"
    echo "$name: only timing checks failed (first run's log: $out/serial-first.log); running the guest again"
    status=0
    boot_once "second run" || status=$?
    [ "$status" -eq 2 ] && status=1
  fi
  return "$status"
}
