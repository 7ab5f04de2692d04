/// Where ``Mixer/render(frameCount:haptic:audio:)`` writes the haptic bus: caller-owned buffers of at least
/// `frameCount` floats each.
///
/// - `amplitude`: the summed amplitude of all haptic voices, clamped to 0 … 1 (frames that needed clamping are
///   counted in ``Mixer/clippedFrameCount``).
/// - `sharpness`: the amplitude-weighted mean sharpness, 0 … 1 (held through silence).
/// - `drive`: the device signal for the profile's ``ActuatorProfile/Mode``: a PCM waveform in −1 … 1
///   (`.pcm`), or the amplitude envelope with transients held for the minimum burst (`.amplitude`, `.twoMotor`).
/// - `strong`, `weak`: the device's two handle actuators. Motor modes: the two-motor split, 0 … 1 (dull → strong,
///   sharp → weak). PCM mode: each coil's waveform, −1 … 1 (both the drive signal unless an engine's
///   ``MotorRoute`` sends it to one side, as a DualSense's left and right voice coils take it).
/// - `leftTrigger`, `rightTrigger`: trigger motor levels, 0 … 1: silent unless a ``MotorRoute`` sends an engine's
///   level there (controllers with trigger motors).
///
///     let storage = HapticBusStorage(capacity: 512)
///     mixer.render(frameCount: 512, haptic: storage.buffers, audio: audioStorage.buffers)
public struct HapticBusBuffers: @unchecked Sendable {
    // @unchecked: plain pointers; the caller owns the memory and hands it to one render call at a time.

    /// Summed, clamped haptic amplitude.
    public var amplitude: UnsafeMutableBufferPointer<Float>
    /// Amplitude-weighted sharpness.
    public var sharpness: UnsafeMutableBufferPointer<Float>
    /// Device drive signal.
    public var drive: UnsafeMutableBufferPointer<Float>
    /// Strong (low-frequency) motor level.
    public var strong: UnsafeMutableBufferPointer<Float>
    /// Weak (high-frequency) motor level.
    public var weak: UnsafeMutableBufferPointer<Float>
    /// Left trigger motor level.
    public var leftTrigger: UnsafeMutableBufferPointer<Float>
    /// Right trigger motor level.
    public var rightTrigger: UnsafeMutableBufferPointer<Float>

    /// Wraps caller-owned buffers.
    public init(
        amplitude: UnsafeMutableBufferPointer<Float>, sharpness: UnsafeMutableBufferPointer<Float>,
        drive: UnsafeMutableBufferPointer<Float>, strong: UnsafeMutableBufferPointer<Float>,
        weak: UnsafeMutableBufferPointer<Float>, leftTrigger: UnsafeMutableBufferPointer<Float>,
        rightTrigger: UnsafeMutableBufferPointer<Float>
    ) {
        self.amplitude = amplitude
        self.sharpness = sharpness
        self.drive = drive
        self.strong = strong
        self.weak = weak
        self.leftTrigger = leftTrigger
        self.rightTrigger = rightTrigger
    }
}

/// Where ``Mixer/render(frameCount:haptic:audio:)`` writes the stereo audio bus (caller-owned, ≥ `frameCount`).
public struct AudioBusBuffers: @unchecked Sendable {
    // @unchecked: plain pointers, as for ``HapticBusBuffers``.

    /// Left channel.
    public var left: UnsafeMutableBufferPointer<Float>
    /// Right channel.
    public var right: UnsafeMutableBufferPointer<Float>

    /// Wraps caller-owned buffers.
    public init(left: UnsafeMutableBufferPointer<Float>, right: UnsafeMutableBufferPointer<Float>) {
        self.left = left
        self.right = right
    }
}

/// Owns a set of bus buffers of a fixed capacity (allocated once, freed on deinit): a convenience for devices,
/// tests and tools.
///
///     let storage = BusStorage(capacity: 256)
///     mixer.render(frameCount: 256, haptic: storage.haptic, audio: storage.audio)
public final class BusStorage: @unchecked Sendable {
    // @unchecked: the buffers are handed to one render call at a time by the owner.

    /// Frames per buffer.
    public let capacity: Int
    /// The haptic buffers.
    public let haptic: HapticBusBuffers
    /// The audio buffers.
    public let audio: AudioBusBuffers
    private let memory: UnsafeMutableBufferPointer<Float>

    /// Allocates nine zeroed buffers of `capacity` frames.
    public init(capacity: Int) {
        precondition(capacity > 0, "BusStorage: capacity must be positive")
        self.capacity = capacity
        let memory = UnsafeMutableBufferPointer<Float>.allocate(capacity: capacity * 9)
        memory.initialize(repeating: 0)
        self.memory = memory
        func slice(_ i: Int) -> UnsafeMutableBufferPointer<Float> {
            UnsafeMutableBufferPointer(rebasing: memory[(i * capacity)..<((i + 1) * capacity)])
        }
        haptic = HapticBusBuffers(
            amplitude: slice(0), sharpness: slice(1), drive: slice(2), strong: slice(3), weak: slice(4), leftTrigger: slice(5),
            rightTrigger: slice(6))
        audio = AudioBusBuffers(left: slice(7), right: slice(8))
    }

    deinit { memory.deallocate() }
}
