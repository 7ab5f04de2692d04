import HapticPattern
import HapticRender

/// A pattern translated for the Gamepad API's `"dual-rumble"` effect: a list of `playEffect` calls, each started
/// at its ``Effect/startTime`` (a new call pre-empts the previous one, so they are scheduled, not queued).
///
/// Each step's intensity is split between the motors as the renderer's two-motor profile does: strong (low
/// frequency) = `a·min(1, 2(1 − s))`, weak (high frequency) = `a·min(1, 2s)`. Transients become the same motor
/// bursts the live engine plays on a pad — HapticRender's `MotorBurst` with the `twoMotorPad` profile: an overdrive
/// kick at full magnitude until the motor is up to the tap's speed (at most 100 ms), held to a 30 ms minimum on-time
/// — run at 1 ms and averaged over each step (a motor integrates its drive, so a kick that ends inside a step keeps
/// its share of the step's energy). Chromium rejects effects whose
/// `duration + startDelay` exceeds ``maxEffectMilliseconds`` (5 000 ms), so longer runs are split.
///
///     let track = GamepadRumbleTrack.converting(pattern).value
///     print(track.javascript())
package struct GamepadRumbleTrack: Sendable, Hashable, Codable {
    /// One `playEffect("dual-rumble", …)` call.
    package struct Effect: Sendable, Hashable, Codable {
        /// When to call `playEffect`, milliseconds from the start.
        package var startTime: Int
        /// `duration`, milliseconds (≤ 5 000).
        package var duration: Int
        /// `startDelay`, milliseconds (always 0: calls are scheduled at ``startTime``).
        package var startDelay: Int
        /// `strongMagnitude`, 0 … 1.
        package var strongMagnitude: Double
        /// `weakMagnitude`, 0 … 1.
        package var weakMagnitude: Double
    }

    /// Chromium's `kMaxEffectDurationMillis`.
    package static let maxEffectMilliseconds = 5_000
    /// The shortest burst a transient becomes, milliseconds (the pad profile's minimum on-time).
    package static let minimumBurstMilliseconds = Int((ActuatorProfile.twoMotorPad.minimumBurstDuration * 1000).rounded())

    /// The effect type, `"dual-rumble"`.
    package var type = "dual-rumble"
    /// The calls, in time order.
    package var effects: [Effect]

    /// Converts `pattern`.
    ///
    /// - Parameters:
    ///   - pattern: the AHAP pattern.
    ///   - stepMilliseconds: the grid (default 25 ms; 1 … ``AndroidVibrationEffect/maximumStepMilliseconds``).
    package static func converting(
        _ pattern: Pattern, stepMilliseconds: Int = AndroidVibrationEffect.minimumStepMilliseconds
    ) -> Conversion<GamepadRumbleTrack> {
        let stepMs = Swift.min(Swift.max(stepMilliseconds, 1), AndroidVibrationEffect.maximumStepMilliseconds)
        let signal = PatternSignal(pattern)
        let grid = SignalGrid(signal, step: Double(stepMs) / 1000)
        var notes: [ConversionNote] = []
        let (levels, bursts, longestBurst) = motorLevels(grid, stepMilliseconds: stepMs)
        var quantization = 0.0
        func quantize(_ x: Float) -> Double {
            let q = (Double(x) * 100).rounded() / 100
            quantization = Swift.max(quantization, abs(q - Double(x)))
            return Swift.min(Swift.max(q, 0), 1)
        }
        var runs: [(start: Int, ms: Int, strong: Double, weak: Double)] = []
        for (c, level) in levels.enumerated() {
            let strong = quantize(level.strong)
            let weak = quantize(level.weak)
            if let last = runs.last, last.strong == strong, last.weak == weak, last.start + last.ms == c * stepMs {
                runs[runs.count - 1].ms += stepMs
            } else {
                runs.append((c * stepMs, stepMs, strong, weak))
            }
        }
        var effects: [Effect] = []
        var splits = 0
        for run in runs where run.strong > 0 || run.weak > 0 {
            var start = run.start
            var remaining = run.ms
            while remaining > 0 {
                let part = Swift.min(remaining, maxEffectMilliseconds)
                if part < remaining { splits += 1 }
                effects.append(
                    Effect(startTime: start, duration: part, startDelay: 0, strongMagnitude: run.strong, weakMagnitude: run.weak))
                start += part
                remaining -= part
            }
        }
        notes.append(
            ConversionNote(
                "timing-grid", .lossy,
                "timings rounded to \(stepMs) ms steps: max transient shift \(formatNumber(grid.maxTransientShift * 1000, digits: 1)) ms; continuous intensity held per step: max deviation \(formatNumber(Double(grid.maxHoldError), digits: 3))",
                maxError: grid.maxTransientShift * 1000))
        notes.append(
            ConversionNote(
                "sharpness-to-motors", .lossy,
                "sharpness became the strong/weak motor balance (strong = a·min(1, 2(1−s)), weak = a·min(1, 2s)); magnitudes rounded to 0.01: max error \(formatNumber(quantization, digits: 4))",
                maxError: quantization))
        if bursts > 0 {
            notes.append(
                ConversionNote(
                    "transients-emulated", .lossy,
                    "\(bursts) transient\(bursts == 1 ? "" : "s") became rumble bursts (gamepad motors cannot tap): an overdrive kick at full magnitude, then at least \(minimumBurstMilliseconds) ms on; the longest lasts \(longestBurst) ms",
                    count: bursts))
        }
        if splits > 0 {
            notes.append(
                ConversionNote(
                    "split-5s", .info, "\(splits) effect\(splits == 1 ? "" : "s") longer than 5 000 ms split (Chromium's limit)",
                    count: splits))
        }
        notes += audioNotes(signal, target: "gamepad rumble")
        return Conversion(value: GamepadRumbleTrack(effects: effects), notes: notes)
    }

    /// Each step's (strong, weak) level: the continuous signal split by sharpness, with every transient played as the
    /// pad's motor burst (run at 1 ms, averaged per step; steps are added while a burst outlasts the pattern), the
    /// number of transients, and the longest burst in milliseconds.
    private static func motorLevels(
        _ grid: SignalGrid, stepMilliseconds stepMs: Int
    ) -> (levels: [(strong: Float, weak: Float)], bursts: Int, longestBurst: Int) {
        var strongBurst = MotorBurst(profile: .twoMotorPad, sampleRate: 1_000)
        var weakBurst = strongBurst
        var levels: [(strong: Float, weak: Float)] = []
        var bursts = 0
        var longest = 0
        var burstStart = -1
        var c = 0
        while c < grid.cells.count || strongBurst.isActive || weakBurst.isActive {
            let cell = c < grid.cells.count ? grid.cells[c] : nil
            let a = cell?.intensity ?? 0
            let s = cell?.sharpness ?? 0.5
            if let transient = cell?.transient {
                bursts += 1
                strongBurst.trigger(level: transient.intensity * Swift.min(1, 2 * (1 - transient.sharpness)))
                weakBurst.trigger(level: transient.intensity * Swift.min(1, 2 * transient.sharpness))
                if burstStart < 0 { burstStart = c * stepMs }
            }
            var sum: (strong: Float, weak: Float) = (0, 0)
            for ms in 0..<stepMs {
                sum.strong += strongBurst.step(a * Swift.min(1, 2 * (1 - s)))
                sum.weak += weakBurst.step(a * Swift.min(1, 2 * s))
                if burstStart >= 0 && !strongBurst.isActive && !weakBurst.isActive {
                    longest = Swift.max(longest, c * stepMs + ms + 1 - burstStart)
                    burstStart = -1
                }
            }
            levels.append((sum.strong / Float(stepMs), sum.weak / Float(stepMs)))
            c += 1
        }
        return (levels, bursts, longest)
    }

    /// A JavaScript function that plays the track on a `Gamepad`.
    package func javascript(name: String = "playHaptic") -> String {
        var lines = ["// Generated by `haptic convert` (OpenCoreHaptics).", "const \(name)Effects = ["]
        for effect in effects {
            lines.append(
                "  { startTime: \(effect.startTime), duration: \(effect.duration), strongMagnitude: \(effect.strongMagnitude), weakMagnitude: \(effect.weakMagnitude) },"
            )
        }
        lines += [
            "];",
            "function \(name)(gamepad) {",
            "  for (const e of \(name)Effects) {",
            "    setTimeout(() => gamepad.vibrationActuator.playEffect(\"dual-rumble\", {",
            "      startDelay: 0, duration: e.duration, strongMagnitude: e.strongMagnitude, weakMagnitude: e.weakMagnitude,",
            "    }), e.startTime);",
            "  }",
            "}",
        ]
        return lines.joined(separator: "\n") + "\n"
    }
}
