import Foundation
import HapticPattern

/// A pattern translated for Android's `VibrationEffect`: a `createWaveform(timings, amplitudes, -1)` waveform that
/// every device with a vibrator plays, plus, when the pattern is only transients, a `Composition` of primitives
/// for devices that support them.
///
/// Waveform rules (Android's and Lofelt's field experience):
/// - timings in whole milliseconds, each at least ``minimumStepMilliseconds`` (25 ms, Lofelt's `MIN_TIME_STEP`:
///   shorter steps are not felt as different and trip a platform glitch; it is also above the 10–20 ms Android
///   gives for one crisp click, so every step is long enough for any actuator to respond);
/// - amplitudes 0 (off) or 1 … 255, linear in intensity, as the renderer drives an amplitude-only actuator;
/// - transients become one-step bursts at `255 × intensity`, with the steps around them ducked to 1 when a
///   continuous signal runs there (Lofelt's emphasis emulation; 1 rather than 0 so the motor does not stop).
///
///     let conversion = AndroidVibrationEffect.converting(pattern)
///     print(conversion.value.kotlin())
package struct AndroidVibrationEffect: Sendable, Hashable, Codable {
    /// One primitive of a `VibrationEffect.Composition`.
    package struct Primitive: Sendable, Hashable, Codable {
        /// The `VibrationEffect.Composition.PRIMITIVE_…` name, e.g. `"CLICK"`.
        package var primitive: String
        /// Scale, 0 … 1.
        package var scale: Float
        /// Intended onset, milliseconds from the start.
        package var startMilliseconds: Int
    }

    /// The shortest step written, milliseconds.
    package static let minimumStepMilliseconds = 25
    /// The coarsest grid any converter accepts (1 s): a larger step is lowered to it, so no step can make a
    /// conversion overflow or sample a pattern more coarsely than it plays.
    package static let maximumStepMilliseconds = 1_000

    /// `createWaveform` timings, milliseconds (each ≥ the step).
    package var timings: [Int]
    /// `createWaveform` amplitudes: 0 or 1 … 255.
    package var amplitudes: [Int]
    /// The composition for transient-only patterns, or `nil`.
    package var composition: [Primitive]?

    /// Converts `pattern`.
    ///
    /// - Parameters:
    ///   - pattern: the AHAP pattern.
    ///   - stepMilliseconds: the grid; values below ``minimumStepMilliseconds`` are raised to it, above ``maximumStepMilliseconds`` lowered to it.
    package static func converting(
        _ pattern: Pattern, stepMilliseconds: Int = minimumStepMilliseconds
    ) -> Conversion<AndroidVibrationEffect> {
        let stepMs = Swift.min(Swift.max(stepMilliseconds, minimumStepMilliseconds), maximumStepMilliseconds)
        let signal = PatternSignal(pattern)
        let grid = SignalGrid(signal, step: Double(stepMs) / 1000)
        var notes: [ConversionNote] = []
        var levels = grid.cells.map { $0.intensity }
        var quantization: Float = 0
        var amplitudes = levels.map { level -> Int in
            let value = Int((level * 255).rounded())
            quantization = Swift.max(quantization, abs(Float(value) / 255 - level))
            return Swift.min(Swift.max(value, 0), 255)
        }
        var bursts = 0
        for (c, cell) in grid.cells.enumerated() {
            guard let transient = cell.transient else { continue }
            bursts += 1
            let burst = Swift.max(1, Int((transient.intensity * 255).rounded()))
            amplitudes[c] = Swift.max(amplitudes[c], burst)
            for n in [c - 1, c + 1] where n >= 0 && n < amplitudes.count && grid.cells[n].transient == nil && amplitudes[n] > 0 {
                amplitudes[n] = 1
            }
            levels[c] = transient.intensity
        }
        // Merge equal neighbours; drop the trailing silence.
        var timings: [Int] = []
        var merged: [Int] = []
        for amplitude in amplitudes {
            if let last = merged.last, last == amplitude {
                timings[timings.count - 1] += stepMs
            } else {
                merged.append(amplitude)
                timings.append(stepMs)
            }
        }
        while merged.last == 0 {
            merged.removeLast()
            timings.removeLast()
        }
        if merged.isEmpty {
            notes.append(ConversionNote("no-haptics", .lossy, "the pattern has no haptic content; the waveform is empty"))
        }

        notes.append(
            ConversionNote(
                "timing-grid", .lossy,
                "timings rounded to \(stepMs) ms steps: max transient shift \(formatNumber(grid.maxTransientShift * 1000, digits: 1)) ms; continuous intensity held per step: max deviation \(formatNumber(Double(grid.maxHoldError), digits: 3))",
                maxError: grid.maxTransientShift * 1000))
        notes.append(
            ConversionNote(
                "amplitude-quantized", .lossy,
                "intensity quantized to 8 bits (amplitude = round(255 × intensity)): max error \(formatNumber(Double(quantization), digits: 4))",
                maxError: Double(quantization)))
        if signal.hasContinuous || !signal.transients.isEmpty {
            notes.append(ConversionNote("sharpness-dropped", .lossy, "sharpness dropped: Android waveforms have no frequency"))
        }
        if bursts > 0 {
            notes.append(
                ConversionNote(
                    "transients-emulated", .lossy,
                    "\(bursts) transient\(bursts == 1 ? "" : "s") became \(stepMs) ms bursts at 255 × intensity, neighbouring steps of a running continuous signal ducked to 1 (Android waveforms have no transients)",
                    count: bursts))
        }
        if grid.mergedTransientCount > 0 {
            notes.append(
                ConversionNote(
                    "transients-merged", .lossy,
                    "\(grid.mergedTransientCount) transient\(grid.mergedTransientCount == 1 ? "" : "s") shared a \(stepMs) ms step with a stronger one and merged into it",
                    count: grid.mergedTransientCount))
        }
        notes += audioNotes(signal, target: "Android VibrationEffect")

        var composition: [Primitive]?
        if !signal.hasContinuous && !signal.transients.isEmpty {
            var primitives: [Primitive] = []
            var mergedPrimitives = 0
            for transient in signal.transients {
                let start = Int((transient.time * 1000).rounded())
                if let last = primitives.last, last.startMilliseconds == start {
                    mergedPrimitives += 1
                    if transient.intensity > last.scale { primitives[primitives.count - 1] = primitive(for: transient, at: start) }
                    continue
                }
                primitives.append(primitive(for: transient, at: start))
            }
            composition = primitives
            notes.append(
                ConversionNote(
                    "primitives", .lossy,
                    "\(primitives.count) transient\(primitives.count == 1 ? "" : "s") → Composition primitives by sharpness (< 0.33 LOW_TICK, or THUD at intensity ≥ 0.8; < 0.67 CLICK; else TICK), scale = intensity; onsets rounded to 1 ms; primitive lengths are device-specific, so onsets closer than a primitive's length are pushed back",
                    count: primitives.count))
            if mergedPrimitives > 0 {
                notes.append(
                    ConversionNote(
                        "primitives-merged", .lossy, "\(mergedPrimitives) simultaneous transients merged into one primitive",
                        count: mergedPrimitives))
            }
        }
        notes.append(
            ConversionNote(
                "amplitude-control", .info,
                "devices without amplitude control (Vibrator#hasAmplitudeControl() false) play every non-zero amplitude at full strength"))
        return Conversion(value: AndroidVibrationEffect(timings: timings, amplitudes: merged, composition: composition), notes: notes)
    }

    private static func primitive(for transient: PatternSignal.Transient, at start: Int) -> Primitive {
        let name: String
        switch transient.sharpness {
        case ..<0.33: name = transient.intensity >= 0.8 ? "THUD" : "LOW_TICK"
        case ..<0.67: name = "CLICK"
        default: name = "TICK"
        }
        return Primitive(primitive: name, scale: (transient.intensity * 1000).rounded() / 1000, startMilliseconds: start)
    }

    /// A Kotlin function that builds the effect: the composition where the device supports every primitive
    /// (API 31+, delays computed from `Vibrator.getPrimitiveDurations`), else the waveform.
    ///
    /// - Parameter name: the function's name.
    package func kotlin(name: String = "hapticEffect") -> String {
        let timingList = timings.map { "\($0)L" }.joined(separator: ", ")
        let amplitudeList = amplitudes.map(String.init).joined(separator: ", ")
        var lines = [
            "import android.os.Build",
            "import android.os.VibrationEffect",
            "import android.os.Vibrator",
            "",
            "/** Generated by `haptic convert` (OpenCoreHaptics). Play with vibrator.vibrate(\(name)(vibrator)). */",
            "fun \(name)(vibrator: Vibrator): VibrationEffect {",
            "    val timings = longArrayOf(\(timingList))",
            "    val amplitudes = intArrayOf(\(amplitudeList))",
            "    val waveform = VibrationEffect.createWaveform(timings, amplitudes, -1)",
        ]
        if let composition, !composition.isEmpty {
            let ids = composition.map { "VibrationEffect.Composition.PRIMITIVE_\($0.primitive)" }.joined(separator: ",\n        ")
            lines += [
                "    if (Build.VERSION.SDK_INT < Build.VERSION_CODES.S) return waveform",
                "    val ids = intArrayOf(",
                "        \(ids)",
                "    )",
                "    val scales = floatArrayOf(\(composition.map { "\(formatNumber(Double($0.scale)))f" }.joined(separator: ", ")))",
                "    val starts = longArrayOf(\(composition.map { "\($0.startMilliseconds)L" }.joined(separator: ", ")))",
                "    if (!vibrator.areAllPrimitivesSupported(*ids)) return waveform",
                "    val durations = vibrator.getPrimitiveDurations(*ids)",
                "    val composition = VibrationEffect.startComposition()",
                "    var previousEnd = 0L",
                "    for (i in ids.indices) {",
                "        // Delays count from the end of the previous primitive (DELAY_TYPE_PAUSE).",
                "        val delay = maxOf(0L, starts[i] - previousEnd)",
                "        composition.addPrimitive(ids[i], scales[i], delay.toInt())",
                "        previousEnd = maxOf(previousEnd, starts[i]) + durations[i]",
                "    }",
                "    return composition.compose()",
            ]
        } else {
            lines.append("    return waveform")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }
}
