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

    /// Creates a block.
    public init(frameCount: Int, startFrame: Int, haptic: HapticBusBuffers, audio: AudioBusBuffers) {
        self.frameCount = frameCount
        self.startFrame = startFrame
        self.haptic = haptic
        self.audio = audio
    }
}
