/// The playback rates an advanced player takes: finite, above 0 (Core Haptics' own rule) and at most ``maximum``.
///
/// Core Haptics documents no upper bound. At 1 000 times its speed a 30-second pattern is over in 30 ms, shorter than
/// anything a motor renders as separate events, so nothing above it plays differently; a rate such as `Float`'s
/// largest value only made the render thread step frame by frame through every loop pass. OpenCoreHaptics ignores
/// such a rate and keeps the old one, as it ignores the rates Core Haptics refuses.
package enum PlaybackRateRange {
    /// The largest rate taken.
    package static let maximum: Float = 1_000

    /// Whether an advanced player takes `rate`.
    package static func contains(_ rate: Float) -> Bool {
        rate.isFinite && rate > 0 && rate <= maximum
    }
}
