import HapticPattern

/// What a generated pattern asks the actuator for at a moment: the readings the tests compare with the truth.
extension Pattern {
    /// Times of the transient events.
    var transientTimes: [Double] { events.filter { $0.type == .hapticTransient }.map(\.time) }

    /// The continuous haptic intensity in force at `time`: the sounding continuous event's intensity times the
    /// intensity control (the latest curve started by then), or 0 when no continuous event sounds.
    func continuousIntensity(at time: Double) -> Float {
        guard
            let event = events.last(where: {
                $0.type == .hapticContinuous && $0.time <= time && time <= $0.time + $0.duration
            })
        else { return 0 }
        return event.value(of: .hapticIntensity) * control(.hapticIntensityControl, at: time, neutral: 1)
    }

    /// The value of a control at `time`: the latest curve that started by then, else `neutral`.
    func control(_ id: DynamicParameterID, at time: Double, neutral: Float) -> Float {
        guard let curve = curves.filter({ $0.id == id && $0.time <= time }).max(by: { $0.time < $1.time }) else { return neutral }
        return curve.value(at: time) ?? neutral
    }

    /// The intensity a transient at entry `event` is felt with: its own intensity times the intensity control.
    func feltIntensity(of event: Event) -> Float {
        event.value(of: .hapticIntensity) * control(.hapticIntensityControl, at: event.time, neutral: 1)
    }

    /// The sharpness a transient is felt with: its own plus the sharpness control, clamped.
    func feltSharpness(of event: Event) -> Float {
        Swift.min(1, Swift.max(0, event.value(of: .hapticSharpness) + control(.hapticSharpnessControl, at: event.time, neutral: 0)))
    }
}
