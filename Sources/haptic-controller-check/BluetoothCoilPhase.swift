// Part 8 of haptic-controller-check (see main.swift): the Bluetooth DualSense's voice coils (issue 25 item 2). Its
// handles engine plays through report 0x32 on the pad's hidraw node; the emulator (dscoil.h) checks each report, times
// it and prints the PCM of each short run of reports and the reports per second of long ones at exit, and check.py
// compares:
// - a pattern (a transient at 0.1 s, a continuous event from 0.3 to 0.6 s) with its offline render for the coils,
//   resampled to 3 kHz and quantized like the reports (logged here as COILREF): correlation, onset errors;
// - nine transients 0.4 s apart: API call (COILTAP) → the first report of its run, median and p90;
// - a 60 s continuous event: reports per second and underruns.
#if os(Linux)
import Foundation
import HapticDevices
import HapticLinux
import HapticRender
import OpenCoreHaptics
import OpenGameController

enum BluetoothCoilPhase {
    /// The compared pattern, as game code writes it.
    static func pattern() -> CHHapticPattern {
        attempt("coil pattern") {
            try CHHapticPattern(
                events: [
                    CHHapticEvent(
                        eventType: .hapticTransient,
                        parameters: [
                            CHHapticEventParameter(parameterID: .hapticIntensity, value: 1),
                            CHHapticEventParameter(parameterID: .hapticSharpness, value: 0.4),
                        ], relativeTime: 0.1),
                    CHHapticEvent(
                        eventType: .hapticContinuous,
                        parameters: [
                            CHHapticEventParameter(parameterID: .hapticIntensity, value: 0.8),
                            CHHapticEventParameter(parameterID: .hapticSharpness, value: 0.2),
                        ], relativeTime: 0.3, duration: 0.3),
                ], parameters: [])
        }
    }

    /// The pattern's offline render for the coils (48 kHz, the voice-coil profile, the left coil's `strong` side),
    /// resampled to 3 kHz by the reports' own filter and quantized to their 8-bit samples, as hex.
    static func referenceHex(_ pattern: CHHapticPattern, seconds: Double) -> String {
        let program = attempt("coil program") { try PatternProgram(pattern: pattern.pattern) }
        var strong = OfflineRenderer.render(
            program: program, seconds: seconds, configuration: MixerConfiguration(sampleRate: 48_000), profile: .voiceCoil
        ).strong
        var hex = ""
        let resampler = DualSenseCoilResampler(inputRate: 48_000)
        strong.withUnsafeMutableBufferPointer { s in
            resampler.process(left: s, right: s, count: s.count) { l, _ in
                let byte = UInt8(bitPattern: DualSenseCoilReport.sample(l))
                hex += String(format: "%02x", byte)
            }
        }
        return hex
    }

    static func run(_ controller: GCController) {
        guard let engine = controller.haptics?.createEngine(withLocality: .handles) else {
            fail("the Bluetooth DualSense made no handles engine")
        }
        attempt("coil engine start") { try engine.start() }
        let compared = pattern()
        log("COILREF rate=3000 hex=\(referenceHex(compared, seconds: 1))")
        log("COILPLAY pattern api=\(String(format: "%.6f", now()))")
        play(engine, compared)
        sleep(seconds: 1.0)  // pacing: the pattern plays out (0.6 s) and its reports reach the emulator
        let tap = attempt("tap pattern") {
            try CHHapticPattern(
                events: [
                    CHHapticEvent(
                        eventType: .hapticTransient, parameters: [CHHapticEventParameter(parameterID: .hapticIntensity, value: 1)],
                        relativeTime: 0)
                ], parameters: [])
        }
        for index in 0..<9 {
            let player = attempt("tap player") { try engine.makePlayer(with: tap) }
            log("COILTAP \(index) api=\(String(format: "%.6f", now()))")
            attempt("tap start") { try player.start(atTime: CHHapticTimeImmediate) }
            sleep(seconds: 0.4)  // pacing: taps 0.4 s apart, each its own run of reports
        }
        log("COILLONG 60 s api=\(String(format: "%.6f", now()))")
        play(engine, rumble(intensity: 0.8, seconds: 60))
        sleep(seconds: 60.5)  // pacing: the 60 s event plays out
        engine.stop()
        log("END coils")
    }
}
#endif
