import HapticSystem
import Synchronization

/// Stereo audio frames from a PipeWire stream's `process` callback (the producer, on PipeWire's real-time data
/// thread) to a pad's output thread (the consumer): a fixed-capacity single-producer, single-consumer ring of float
/// frames, plus the time the latest write's first frame was due in the graph, so the consumer can tell when any
/// frame was due (``dueTime(ofFrame:)``).
///
///     let ring = AudioFrameRing(capacity: 16_384)
///     // data thread:  ring.write(interleaved: samples, frames: 256, channelCount: 4, left: 2, right: 3, time: now)
///     // pad thread:   let first = ring.read(left: l, right: r, frames: ring.available)
///
/// Frames are counted from 0 for the ring's life (``writtenFrames``, ``readFrames``); the consumer reads them in order.
/// A write that does not fit keeps what fits and counts the rest in ``droppedFrameCount`` (the consumer stalled for
/// longer than the ring holds: 341 ms at 48 kHz for 16 384 frames).
///
/// - Thread safety: one producer thread and one consumer thread; the counters may be read anywhere.
/// - Real-time safety: ``write(interleaved:frames:channelCount:left:right:time:)`` and
///   ``read(left:right:frames:)`` do not lock, allocate or free.
package final class AudioFrameRing: @unchecked Sendable {
    // @unchecked: the sample memory is written by the producer before it publishes `head` and read by the consumer
    // after it acquires `head`; the anchor is a seqlock.

    /// Frames the ring holds (a power of two).
    package let capacity: Int
    private let samples: UnsafeMutablePointer<Float>
    private let head = Atomic<Int>(0)
    private let tail = Atomic<Int>(0)
    private let dropped = Atomic<Int>(0)
    /// The anchor: the frame index of the latest write's first frame and its due time, under a version count that is
    /// odd while the producer changes them.
    private let anchorVersion = Atomic<Int>(0)
    private let anchorFrame = Atomic<Int>(0)
    private let anchorTime = Atomic<UInt64>(0)

    /// A ring of at least `capacity` frames (rounded up to a power of two, at least 64).
    package init(capacity: Int) {
        var size = 64
        while size < capacity { size *= 2 }
        self.capacity = size
        samples = .allocate(capacity: 2 * size)
        samples.initialize(repeating: 0, count: 2 * size)
    }

    deinit {
        samples.deallocate()
    }

    /// Frames written since creation (the producer's count).
    package var writtenFrames: Int { head.load(ordering: .acquiring) }
    /// Frames read since creation (the consumer's count).
    package var readFrames: Int { tail.load(ordering: .acquiring) }
    /// Frames waiting to be read.
    package var available: Int { head.load(ordering: .acquiring) &- tail.load(ordering: .relaxed) }
    /// Frames that did not fit since creation.
    package var droppedFrameCount: Int { dropped.load(ordering: .relaxed) }

    /// Producer: appends `frames` frames of `channelCount`-channel interleaved `samples`, keeping channels `left` and
    /// `right` (the same index twice for a mono source; an index past the channels writes silence), whose first
    /// frame was due at monotonic time `time`.
    ///
    /// - Returns: the frames written (fewer than `frames` when the ring is full).
    @discardableResult
    @_noLocks @_noAllocation
    package func write(
        interleaved source: UnsafePointer<Float>, frames: Int, channelCount: Int, left: Int, right: Int, time: Double
    ) -> Int {
        let h = head.load(ordering: .relaxed)
        let t = tail.load(ordering: .acquiring)
        let room = capacity - (h &- t)
        let count = Swift.min(frames, Swift.max(room, 0))
        if count < frames { dropped.add(frames - count, ordering: .relaxed) }
        let mask = capacity - 1
        let hasLeft = left >= 0 && left < channelCount
        let hasRight = right >= 0 && right < channelCount
        for i in 0..<count {
            let slot = ((h &+ i) & mask) * 2
            let frame = source + i * channelCount
            samples[slot] = hasLeft ? frame[left] : 0
            samples[slot + 1] = hasRight ? frame[right] : 0
        }
        setAnchor(frame: h, time: time)
        head.store(h &+ count, ordering: .releasing)
        return count
    }

    /// Producer: appends `frames` frames of silence due from `time` (a gap the producer knows about).
    @discardableResult
    @_noLocks @_noAllocation
    package func writeSilence(frames: Int, time: Double) -> Int {
        let h = head.load(ordering: .relaxed)
        let t = tail.load(ordering: .acquiring)
        let count = Swift.min(frames, Swift.max(capacity - (h &- t), 0))
        if count < frames { dropped.add(frames - count, ordering: .relaxed) }
        let mask = capacity - 1
        for i in 0..<count {
            let slot = ((h &+ i) & mask) * 2
            samples[slot] = 0
            samples[slot + 1] = 0
        }
        setAnchor(frame: h, time: time)
        head.store(h &+ count, ordering: .releasing)
        return count
    }

    private func setAnchor(frame: Int, time: Double) {
        let version = anchorVersion.load(ordering: .relaxed)
        anchorVersion.store(version &+ 1, ordering: .relaxed)
        atomicMemoryFence(ordering: .releasing)
        anchorFrame.store(frame, ordering: .relaxed)
        anchorTime.store(time.bitPattern, ordering: .relaxed)
        anchorVersion.store(version &+ 2, ordering: .releasing)
    }

    /// Consumer: moves up to `frames` frames into `left` and `right` (each at least `frames` long).
    ///
    /// - Returns: the index of the first frame read and how many were read.
    @discardableResult
    @_noLocks @_noAllocation
    package func read(left: UnsafeMutablePointer<Float>, right: UnsafeMutablePointer<Float>, frames: Int) -> (first: Int, count: Int) {
        let t = tail.load(ordering: .relaxed)
        let h = head.load(ordering: .acquiring)
        let count = Swift.min(frames, h &- t)
        let mask = capacity - 1
        for i in 0..<count {
            let slot = ((t &+ i) & mask) * 2
            left[i] = samples[slot]
            right[i] = samples[slot + 1]
        }
        tail.store(t &+ count, ordering: .releasing)
        return (t, count)
    }

    /// Consumer: forgets every frame waiting (after the consumer fell far behind).
    package func skipAll() {
        tail.store(head.load(ordering: .acquiring), ordering: .releasing)
    }

    /// The monotonic time at which frame `frame` was due, from the latest write's anchor and `sampleRate`, or `nil`
    /// before the first write.
    package func dueTime(ofFrame frame: Int, sampleRate: Double) -> Double? {
        guard let anchor = anchor() else { return nil }
        return anchor.time + Double(frame - anchor.frame) / sampleRate
    }

    /// The due time of the latest write's first frame, or `nil` before the first write.
    package var lastWriteTime: Double? { anchor()?.time }

    private func anchor() -> (frame: Int, time: Double)? {
        while true {
            let before = anchorVersion.load(ordering: .acquiring)
            if before & 1 != 0 { continue }
            let frame = anchorFrame.load(ordering: .relaxed)
            let bits = anchorTime.load(ordering: .relaxed)
            atomicMemoryFence(ordering: .acquiring)
            guard anchorVersion.load(ordering: .relaxed) == before else { continue }
            return before == 0 ? nil : (frame, Double(bitPattern: bits))
        }
    }
}
