// Driver for mjn2max's HapticEngine package: the simple haptic (a sharp tap, then ten rising taps).
let engine = HapticEngine()
engine.startSimpleHaptic()
CorpusRecording.finishWhenHeard()
