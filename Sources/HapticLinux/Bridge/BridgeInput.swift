import HapticSystem

/// One route's audio on its way from a PipeWire stream to a pad: the ring the stream's data thread fills
/// (``FrameFanOut``) and the pad's output thread drains, the wake-up of that thread, the route's processing and what
/// the route is called.
///
///     let input = BridgeInput(label: "Wireless Controller sink", wake: pad.wake, processor: route)
///     pad.attach(input)
///     stream.fanOut.attach(input)
///
/// - Thread safety: the ring has one producer (a data thread) and one consumer (the pad's thread); ``processor`` and
///   ``probe`` belong to the pad's thread once the input is attached.
/// - Real-time safety: what the data thread touches (``ring``, ``wake``) does not lock or allocate.
package final class BridgeInput: @unchecked Sendable {
    // @unchecked: immutable references; the ring orders its own producer and consumer; the processor and probe are
    // the pad thread's alone.

    /// The frames, left and right.
    package let ring: AudioFrameRing
    /// The pad thread's wake-up.
    package let wake: WakeSignal
    /// How the route's source is shown ("Wireless Controller sink", "firefox (node 52)").
    package let label: String
    /// What the route does to the frames (the pad thread's).
    package let processor: RouteProcessor?
    /// Finds the hits in the frames as they arrive, for the latency figures (the pad thread's).
    nonisolated(unsafe) package var probe = OnsetProbe()

    /// An input named `label` waking `wake`, processed by `processor` (none: the frames are only counted), with a ring
    /// of `capacity` frames (341 ms at 48 kHz by default).
    package init(label: String, wake: WakeSignal, processor: RouteProcessor? = nil, capacity: Int = 16_384) {
        self.label = label
        self.wake = wake
        self.processor = processor
        ring = AudioFrameRing(capacity: capacity)
    }
}

/// Finds where a click starts in a signal, for timing: the peak of both sides rising through 0.01 after at least
/// 100 ms under it, then over 0.05. Not the route's analysis (which may be tuned, gated or shaped), so the figures compare the same thing
/// on every route.
package struct OnsetProbe: Sendable {
    private var quietFrames = Int.max / 2
    private var armed = false
    private let quietNeeded: Int

    /// A probe for `sampleRate`.
    package init(sampleRate: Double = 48_000) {
        quietNeeded = Int(0.1 * sampleRate)
    }

    /// The first frame of `count` where a hit begins, with its level, or `nil`.
    @_noLocks @_noAllocation
    package mutating func find(left: UnsafePointer<Float>, right: UnsafePointer<Float>, count: Int) -> (frame: Int, level: Float)? {
        var found: (Int, Float)?
        for i in 0..<count {
            let peak = Swift.max(abs(left[i]), abs(right[i]))
            if peak < 0.01 {
                quietFrames &+= 1
            } else {
                // Leaving a long quiet arms the probe; the rise through 0.05 that follows is the hit.
                if quietFrames >= quietNeeded { armed = true }
                quietFrames = 0
            }
            if armed, peak >= 0.05, found == nil {
                found = (i, peak)
                armed = false
            }
        }
        return found
    }
}
