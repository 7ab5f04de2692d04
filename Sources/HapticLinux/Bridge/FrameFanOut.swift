import HapticSystem
import Synchronization

/// One source's way out of PipeWire's data thread: up to ``slotCount`` bridge inputs (``BridgeInput``), published by the
/// control side in atomic slots and filled by the source's `process` callback, which copies the two channels the
/// source carries into each input's ring and wakes its pad. Nothing else happens on the data thread: the routes' DSP
/// and the device writes run on each pad's own thread, so a slow pad never holds up the graph or the other pads.
///
///     let fanOut = FrameFanOut(channelCount: 4, left: 2, right: 3)   // a DualSense sink: channels 3 and 4
///     fanOut.attach(input)                                           // control thread
///     fanOut.deliver(samples, frames: 256, time: cycleTime)          // data thread, each cycle
///
/// An input is unpublished with ``detach(_:)``; its owner keeps it alive until ``epoch`` has passed the snapshot
/// taken after detaching (``ReaderEpoch``), so the data thread never drops the last reference.
///
/// - Thread safety: ``attach(_:)`` and ``detach(_:)`` from control threads (one at a time); ``deliver(_:frames:time:)``
///   from one data thread.
/// - Real-time safety: ``deliver(_:frames:time:)`` does not lock, allocate or free (the wake is one non-blocking
///   `eventfd` write, made only while the pad waits).
package final class FrameFanOut: @unchecked Sendable {
    // @unchecked: the slots are atomics; the inputs they point at are kept alive by the control side.

    /// The most pads one source feeds.
    package static let slotCount = 8

    /// Channels per frame of the source's buffers.
    package let channelCount: Int
    /// The channel carried as the left signal (0-based).
    package let left: Int
    /// The channel carried as the right signal (0-based).
    package let right: Int
    /// The data thread's passes, for freeing detached inputs safely.
    package let epoch = ReaderEpoch()
    private let slots: UnsafeMutablePointer<Atomic<UInt>>
    private let frames = Atomic<Int>(0)
    private let peakBits = Atomic<UInt32>(0)
    private let lastTimeBits = Atomic<UInt64>(0)

    /// A fan-out for buffers of `channelCount` channels carrying channels `left` and `right`.
    package init(channelCount: Int, left: Int, right: Int) {
        self.channelCount = channelCount
        self.left = left
        self.right = right
        slots = .allocate(capacity: Self.slotCount)
        for i in 0..<Self.slotCount { (slots + i).initialize(to: Atomic<UInt>(0)) }
    }

    deinit {
        slots.deinitialize(count: Self.slotCount)
        slots.deallocate()
    }

    /// Control: publishes `input` in a free slot.
    ///
    /// - Returns: `false` when every slot is taken (the input is not fed).
    @discardableResult
    package func attach(_ input: BridgeInput) -> Bool {
        let bits = UInt(bitPattern: Unmanaged.passUnretained(input).toOpaque())
        for i in 0..<Self.slotCount where slots[i].load(ordering: .acquiring) == 0 {
            slots[i].store(bits, ordering: .releasing)
            return true
        }
        return false
    }

    /// Control: unpublishes `input`; the caller keeps it until ``epoch`` passed ``ReaderEpoch/snapshot()`` taken now.
    package func detach(_ input: BridgeInput) {
        let bits = UInt(bitPattern: Unmanaged.passUnretained(input).toOpaque())
        for i in 0..<Self.slotCount where slots[i].load(ordering: .acquiring) == bits {
            slots[i].store(0, ordering: .sequentiallyConsistent)
        }
    }

    /// Control: how many inputs are published.
    package var attachedCount: Int {
        (0..<Self.slotCount).reduce(0) { $0 + (slots[$1].load(ordering: .relaxed) == 0 ? 0 : 1) }
    }

    /// Data thread: copies `frames` frames of `samples` (interleaved, ``channelCount`` channels) into every published
    /// input's ring, due from monotonic time `time`, and wakes their pads. Also keeps the source's peak level and
    /// frame count for the meter.
    package func deliver(_ samples: UnsafePointer<Float>, frames count: Int, time: Double) {
        epoch.enter()
        var peak: Float = 0
        for i in 0..<count {
            let frame = samples + i * channelCount
            if left < channelCount { peak = Swift.max(peak, abs(frame[left])) }
            if right < channelCount { peak = Swift.max(peak, abs(frame[right])) }
        }
        for i in 0..<Self.slotCount {
            let bits = slots[i].load(ordering: .acquiring)
            guard bits != 0, let pointer = UnsafeRawPointer(bitPattern: bits) else { continue }
            Unmanaged<BridgeInput>.fromOpaque(pointer)._withUnsafeGuaranteedRef { input in
                input.ring.write(interleaved: samples, frames: count, channelCount: channelCount, left: left, right: right, time: time)
                input.wake.signal()
            }
        }
        frames.add(count, ordering: .relaxed)
        let previous = Float(bitPattern: peakBits.load(ordering: .relaxed))
        peakBits.store(Swift.max(peak, previous).bitPattern, ordering: .relaxed)
        lastTimeBits.store(time.bitPattern, ordering: .relaxed)
        epoch.leave()
    }

    /// Frames delivered since creation.
    package var frameCount: Int { frames.load(ordering: .relaxed) }

    /// The due time of the latest delivery (monotonic seconds), or `nil` before the first.
    package var lastDeliveryTime: Double? {
        let bits = lastTimeBits.load(ordering: .relaxed)
        return bits == 0 ? nil : Double(bitPattern: bits)
    }

    /// The loudest sample of the carried channels since the last call (for the meter), and resets it.
    package func takePeak() -> Float {
        Float(bitPattern: peakBits.exchange(0, ordering: .relaxed))
    }
}
