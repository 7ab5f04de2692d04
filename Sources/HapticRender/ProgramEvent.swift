/// The kind of sound a voice makes (internal mirror of `HapticPattern/EventType` for the render path).
enum VoiceKind: UInt8 {
    case transient, hapticContinuous, audioContinuous, audioCustom

    /// Whether the voice drives the haptic bus.
    var isHaptic: Bool {
        @_noLocks @_noAllocation get {
            switch self {
            case .transient, .hapticContinuous: return true
            case .audioContinuous, .audioCustom: return false
            }
        }
    }
}

/// One compiled event: every value resolved and clamped, ready for the render thread (trivially copyable).
struct ProgramEvent {
    var kind: VoiceKind
    /// Start, seconds from the pattern start.
    var time: Double
    /// Playback duration in seconds (continuous capped at 30 s; custom audio: 0 = the resource's length).
    var duration: Double
    /// Haptic intensity or audio volume, 0 … 1.
    var level: Float
    /// Haptic sharpness 0 … 1, or audio pitch −1 … 1.
    var sharpness: Float
    /// Audio pan, −1 … 1.
    var pan: Float
    /// Audio brightness, 0 … 1.
    var brightness: Float
    /// Envelope values 0 … 1 (seconds are resolved at voice start, where the time controls are known).
    var attack: Float
    var decay: Float
    var release: Float
    var sustained: Bool
    /// Custom audio: loop the resource for the event's duration.
    var loops: Bool
    /// Custom audio: 5 ms fades at the start and end.
    var usesVolumeEnvelope: Bool
    /// Custom audio samples (kept alive by the program).
    var samples: UnsafePointer<Float>?
    var sampleFrameCount: Int
    var sampleChannelCount: Int
    var sampleRate: Double
}

/// One compiled dynamic parameter (pattern `Parameter` entry).
struct ProgramParameter {
    /// Index into the player's control table (see ``ControlIndex``).
    var control: Int
    var value: Float
    var time: Double
}

/// One compiled parameter curve: a run of points in the program's point table.
struct ProgramCurve {
    var control: Int
    var time: Double
    var firstPoint: Int
    var pointCount: Int
}

/// A curve control point, relative to the curve start, value clamped to the control's range.
struct CurvePoint {
    var time: Double
    var value: Float
}

/// The raw pointers and counts the render thread reads from a program (copied into the player slot at start).
struct ProgramView {
    var events: UnsafePointer<ProgramEvent>?
    var eventCount: Int
    var parameters: UnsafePointer<ProgramParameter>?
    var parameterCount: Int
    var curves: UnsafePointer<ProgramCurve>?
    var curveCount: Int
    var points: UnsafePointer<CurvePoint>?
    var duration: Double
    var lastEventEnd: Double

    static var empty: ProgramView {
        @_noLocks @_noAllocation get {
            ProgramView(
                events: nil, eventCount: 0, parameters: nil, parameterCount: 0, curves: nil, curveCount: 0, points: nil,
                duration: 0, lastEventEnd: 0)
        }
    }
}
