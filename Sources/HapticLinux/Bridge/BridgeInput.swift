import HapticSystem

/// One route's audio on its way from a PipeWire stream to a pad: the ring the stream's data thread fills
/// (``FrameFanOut``) and the pad's output thread drains, the wake-up of that thread, and what the route is called.
///
///     let input = BridgeInput(label: "Wireless Controller sink", wake: pad.wake)
///     stream.fanOut.attach(input)
///
/// - Thread safety: the ring has one producer (a data thread) and one consumer (the pad's thread).
/// - Real-time safety: what the data thread touches (``ring``, ``wake``) does not lock or allocate.
package final class BridgeInput: @unchecked Sendable {
    // @unchecked: immutable references; the ring orders its own producer and consumer.

    /// The frames, left and right.
    package let ring: AudioFrameRing
    /// The pad thread's wake-up.
    package let wake: WakeSignal
    /// How the route's source is shown ("Wireless Controller sink", "firefox (node 52)").
    package let label: String

    /// An input named `label` waking `wake`, with a ring of `capacity` frames (341 ms at 48 kHz by default).
    package init(label: String, wake: WakeSignal, capacity: Int = 16_384) {
        self.label = label
        self.wake = wake
        ring = AudioFrameRing(capacity: capacity)
    }
}
