import HapticRender

/// One rendered block handed to ``HapticDevice/write(_:)``: views of the engine's bus buffers, valid only for the
/// duration of the call.
public struct DeviceBlock: @unchecked Sendable {
    // @unchecked: pointer views owned by the render thread for the length of one write.

    /// Frames in this block (≤ ``DeviceFormat/maxBlockFrames``).
    public var frameCount: Int
    /// The engine clock's frame number of the block's first frame.
    public var startFrame: Int
    /// The haptic bus: amplitude, sharpness, drive, strong and weak motor levels.
    public var haptic: HapticBusBuffers
    /// The stereo audio bus.
    public var audio: AudioBusBuffers
    /// Whether the block carries a command an app just sent (a start, stop or parameter change): a device that
    /// batches updates on a grid (evdev) sends such a block's levels at once.
    public var carriesCommand: Bool

    /// Creates a block.
    public init(frameCount: Int, startFrame: Int, haptic: HapticBusBuffers, audio: AudioBusBuffers, carriesCommand: Bool = false) {
        self.frameCount = frameCount
        self.startFrame = startFrame
        self.haptic = haptic
        self.audio = audio
        self.carriesCommand = carriesCommand
    }
}
