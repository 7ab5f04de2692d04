import HapticDevices
import HapticSystem

/// One of a DualSense's adaptive triggers — the GameController framework's `GCDualSenseAdaptiveTrigger`: a
/// resistance or vibration the pad applies as the player pulls the trigger.
///
///     let trigger = dualSense.rightTrigger
///     trigger.setModeWeaponWithStartPosition(0.3, endPosition: 0.6, resistiveStrength: 1)   // a gun's break
///     trigger.setModeOff()
///
/// Positions, strengths, amplitudes and frequencies are 0 … 1 as in Apple's API. The pad cuts the travel into
/// ``discretePositionCount`` zones and takes 8 strength levels, so a position becomes zone `round(p × 9)`, a strength
/// level `round(s × 8)` (0 is no effect), a frequency `1 + round(f × 254)` Hz; a weapon's start zone is kept to
/// 2 … 7 and its end to the start + 1 … 8, as the pad requires. An argument outside 0 … 1 is clamped and one that is
/// not a number makes the call do nothing; both are logged with the method and argument named. When the report
/// cannot be written (hidraw not writable), the error is logged once and ``mode`` keeps its value. ``status`` and
/// ``armPosition`` come from the pad's input reports (read from the hidraw node, which then needs read access too).
///
/// Thread safety: any thread.
open class GCDualSenseAdaptiveTrigger: GCControllerButtonInput, @unchecked Sendable {
    // @unchecked: the mode is behind a lock; the triggers' output locks its own writes.

    /// The number of positions the pad can set separately (10).
    open class var discretePositionCount: Int { DualSenseTriggerEffect.zoneCount }

    /// The mode last set successfully (not read back from the pad).
    open var mode: Mode { state.withLock { $0.mode } }

    /// What the trigger's effect is doing, from the pad's latest input report (read from its hidraw node when this
    /// is asked); ``Status/unknown`` when no report can be read or no effect runs.
    open var status: Status {
        guard let feedback = triggers.feedback(side) else { return .unknown }
        return Self.status(of: feedback, mode: mode)
    }

    /// Where the trigger's arm stopped, 0 (at rest) … 1, from the pad's latest input report (the pad's stop location
    /// 0 … 9, over 9); 0 when no report can be read.
    open var armPosition: Float {
        guard let feedback = triggers.feedback(side) else { return 0 }
        return Float(Swift.min(feedback.stopLocation, 9)) / 9
    }

    /// Apple's status for what the pad reports (effect 1 feedback, 2 weapon, 3 vibration; status 0 ready, 1 loading,
    /// 2 fired); a slope is a feedback effect, told apart by `mode`. Values the pad should not send give ``Status/unknown``.
    package static func status(of feedback: DualSenseTriggerFeedback.Trigger, mode: Mode) -> Status {
        switch (feedback.effect, feedback.status) {
        case (1, 0): mode == .slopeFeedback ? .slopeFeedbackReady : .feedbackNoLoad
        case (1, 1): mode == .slopeFeedback ? .slopeFeedbackApplyingLoad : .feedbackLoadApplied
        case (1, 2) where mode == .slopeFeedback: .slopeFeedbackFinished
        case (2, 0): .weaponReady
        case (2, 1): .weaponFiring
        case (2, 2): .weaponFired
        case (3, 0): .vibrationNotVibrating
        case (3, 1): .vibrationIsVibrating
        default: .unknown
        }
    }

    private let side: DualSenseTriggers.Side
    private let triggers: DualSenseTriggers
    private let state = LockedState(State())

    private struct State {
        var mode: Mode = .off
        var lastProblem: String?
    }

    internal init(side: DualSenseTriggers.Side, triggers: DualSenseTriggers) {
        self.side = side
        self.triggers = triggers
        super.init(localizedName: side == .left ? "L2 Button" : "R2 Button", isAnalog: true)
    }

    /// The last call's problem (an argument clamped or refused, a write that failed), or `nil` when it had none.
    package var lastProblem: String? { state.withLock { $0.lastProblem } }

    /// Turns the effect off.
    open func setModeOff() {
        apply(.off, TriggerArguments("setModeOff()")) { _ in .off }
    }

    /// Resistance of `resistiveStrength` from `startPosition` to the end of the travel.
    open func setModeFeedbackWithStartPosition(_ startPosition: Float, resistiveStrength: Float) {
        var arguments = TriggerArguments("setModeFeedbackWithStartPosition(_:resistiveStrength:)")
        let zone = arguments.zone(startPosition, "startPosition")
        let level = arguments.level(resistiveStrength, "resistiveStrength")
        apply(.feedback, arguments) { _ throws(DeviceError) in level == 0 ? .off : try .feedback(startZone: zone, strength: level) }
    }

    /// Resistance per position.
    open func setModeFeedback(resistiveStrengths positionalResistiveStrengths: PositionalResistiveStrengths) {
        var arguments = TriggerArguments("setModeFeedback(resistiveStrengths:)")
        let levels = positionalResistiveStrengths.array.enumerated().map { arguments.level($1, "values.\($0)") }
        apply(.feedback, arguments) { _ throws(DeviceError) in try .positionalFeedback(strengths: levels) }
    }

    /// Resistance of `resistiveStrength` from `startPosition` that gives way at `endPosition` (greater than
    /// `startPosition`), like a weapon's trigger.
    open func setModeWeaponWithStartPosition(_ startPosition: Float, endPosition: Float, resistiveStrength: Float) {
        var arguments = TriggerArguments("setModeWeaponWithStartPosition(_:endPosition:resistiveStrength:)")
        let start = Swift.min(Swift.max(arguments.zone(startPosition, "startPosition"), 2), 7)
        let end = Swift.min(Swift.max(arguments.zone(endPosition, "endPosition"), start + 1), 8)
        let level = arguments.level(resistiveStrength, "resistiveStrength")
        if !(endPosition > startPosition) {
            arguments.refuse("endPosition \(endPosition) must be greater than startPosition \(startPosition)")
        }
        apply(.weapon, arguments) { _ throws(DeviceError) in
            level == 0 ? .off : try .weapon(startZone: start, endZone: end, strength: level)
        }
    }

    /// Vibration of `amplitude` at `frequency` (0 … 1, 1 … 255 Hz) from `startPosition` on.
    open func setModeVibrationWithStartPosition(_ startPosition: Float, amplitude: Float, frequency: Float) {
        var arguments = TriggerArguments("setModeVibrationWithStartPosition(_:amplitude:frequency:)")
        let zone = arguments.zone(startPosition, "startPosition")
        let level = arguments.level(amplitude, "amplitude")
        let hertz = arguments.frequency(frequency, "frequency")
        apply(.vibration, arguments) { _ throws(DeviceError) in
            level == 0 ? .off : try .vibration(startZone: zone, amplitude: level, frequency: hertz)
        }
    }

    /// Vibration per position at `frequency` (0 … 1, 1 … 255 Hz).
    open func setModeVibration(amplitudes positionalAmplitudes: PositionalAmplitudes, frequency: Float) {
        var arguments = TriggerArguments("setModeVibration(amplitudes:frequency:)")
        let levels = positionalAmplitudes.array.enumerated().map { arguments.level($1, "values.\($0)") }
        let hertz = arguments.frequency(frequency, "frequency")
        apply(.vibration, arguments) { _ throws(DeviceError) in try .positionalVibration(amplitudes: levels, frequency: hertz) }
    }

    /// Resistance changing linearly from `startStrength` at `startPosition` to `endStrength` at `endPosition`
    /// (greater than `startPosition`), held after it.
    open func setModeSlopeFeedback(startPosition: Float, endPosition: Float, startStrength: Float, endStrength: Float) {
        var arguments = TriggerArguments("setModeSlopeFeedback(startPosition:endPosition:startStrength:endStrength:)")
        let start = Swift.min(arguments.zone(startPosition, "startPosition"), 8)
        let end = Swift.min(Swift.max(arguments.zone(endPosition, "endPosition"), start + 1), 9)
        let from = Swift.max(arguments.level(startStrength, "startStrength"), 1)
        let to = Swift.max(arguments.level(endStrength, "endStrength"), 1)
        if !(endPosition > startPosition) {
            arguments.refuse("endPosition \(endPosition) must be greater than startPosition \(startPosition)")
        }
        apply(.slopeFeedback, arguments) { _ throws(DeviceError) in
            try .slopeFeedback(startZone: start, endZone: end, startStrength: from, endStrength: to)
        }
    }

    /// Checks, encodes and writes; records the mode on success and the problem, if any.
    private func apply(
        _ mode: Mode, _ arguments: TriggerArguments, _ effect: (TriggerArguments) throws(DeviceError) -> DualSenseTriggerEffect
    ) {
        var problem = arguments.message
        if let problem { DeviceLog.logger.warning("\(problem)") }
        if !arguments.isRefused {
            do throws(DeviceError) {
                if let failure = triggers.set(side, try effect(arguments)) {
                    problem = [problem, failure].compactMap { $0 }.joined(separator: "; ")
                } else {
                    state.withLock { $0.mode = mode }
                }
            } catch {
                let message = "GCDualSenseAdaptiveTrigger.\(arguments.method): \(error.message)"
                DeviceLog.logger.error("\(message)")
                problem = [problem, message].compactMap { $0 }.joined(separator: "; ")
            }
        }
        state.withLock { $0.lastProblem = problem }
    }
}
