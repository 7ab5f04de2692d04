import HapticDevices
import HapticRender
import Synchronization

/// Where frame `frame` of the mixer clock meets the monotonic clock: written by the render thread once per block
/// and read by control threads, as a sequence lock (no locks, no allocation on either side).
final class TimeAnchor: Sendable {
    private let sequence = Atomic<UInt64>(0)
    private let frame = Atomic<Int>(0)
    private let timeBits = Atomic<UInt64>(0)

    /// Render thread only (one writer).
    @_noLocks @_noAllocation
    func store(frame newFrame: Int, time: Double) {
        let s = sequence.load(ordering: .relaxed)
        sequence.store(s &+ 1, ordering: .relaxed)
        atomicMemoryFence(ordering: .releasing)
        frame.store(newFrame, ordering: .relaxed)
        timeBits.store(time.bitPattern, ordering: .relaxed)
        sequence.store(s &+ 2, ordering: .releasing)
    }

    /// Any thread. Returns `nil` before the first block.
    func load() -> (frame: Int, time: Double)? {
        while true {
            let s1 = sequence.load(ordering: .acquiring)
            if s1 == 0 { return nil }
            if s1 & 1 == 1 { continue }
            let f = frame.load(ordering: .relaxed)
            let t = Double(bitPattern: timeBits.load(ordering: .relaxed))
            atomicMemoryFence(ordering: .acquiring)
            if sequence.load(ordering: .relaxed) == s1 { return (f, t) }
        }
    }
}

/// Everything the render path touches: the mixer, the bus buffers, the device and a few atomics. Created when
/// the engine starts (all memory allocated then) and dropped after the render thread has been joined.
///
/// Real-time safety: ``renderBlock(frames:)`` is checked by the compiler (`@_noLocks`, `@_noAllocation`).
/// ``runLoop()`` adds the device write, an existential call the checker cannot see through: a ``HapticDevice``'s
/// `write` must itself be real-time safe (its protocol contract), and the monotonic clock read is a vDSO call.
final class RenderContext: @unchecked Sendable {
    // @unchecked: `storage` and the mixer's render side are used by one thread at a time (the render thread while
    // it runs; the control thread in manual mode, under the engine lock).
    let mixer: Mixer
    private let unmanagedMixer: Unmanaged<Mixer>
    let storage: BusStorage
    /// ``storage``'s buffers, copied out once so the render path reads plain stored values.
    let hapticBus: HapticBusBuffers
    let audioBus: AudioBusBuffers
    let device: any HapticDevice
    let blockFrames: Int
    let blockDuration: Double
    /// Engine-wide mutes, written by control threads and read every block.
    let mutedForHaptics = Atomic<Bool>(false)
    let mutedForAudio = Atomic<Bool>(false)
    let playsHaptics: Bool
    let playsAudio: Bool
    let anchor = TimeAnchor()
    /// Set by the control side to end ``runLoop()``.
    let stopRequested = Atomic<Bool>(false)
    /// 0 while the device works, 1 removed, 2 failed (then ``faultErrno``).
    let fault = Atomic<Int>(0)
    let faultErrno = Atomic<Int32>(0)

    init(mixer: Mixer, device: any HapticDevice, blockFrames: Int, sampleRate: Double,
         playsHaptics: Bool, playsAudio: Bool) {
        self.mixer = mixer
        self.unmanagedMixer = .passUnretained(mixer)
        self.device = device
        self.blockFrames = blockFrames
        self.blockDuration = Double(blockFrames) / sampleRate
        self.storage = BusStorage(capacity: blockFrames)
        self.hapticBus = storage.haptic
        self.audioBus = storage.audio
        self.playsHaptics = playsHaptics
        self.playsAudio = playsAudio
    }

    /// Renders `n` frames into ``storage`` and applies the engine-wide mutes.
    @_noLocks @_noAllocation
    func renderBlock(frames n: Int) {
        let haptic = hapticBus
        let audio = audioBus
        // The context keeps the mixer alive; borrowing it unretained avoids reference counting here.
        unmanagedMixer._withUnsafeGuaranteedRef { $0.render(frameCount: n, haptic: haptic, audio: audio) }
        // (No `||`: its autoclosure would retain `self`.)
        var silenceHaptics = !playsHaptics
        if mutedForHaptics.load(ordering: .relaxed) { silenceHaptics = true }
        var silenceAudio = !playsAudio
        if mutedForAudio.load(ordering: .relaxed) { silenceAudio = true }
        if silenceHaptics {
            for i in 0..<n {
                haptic.amplitude[i] = 0
                haptic.drive[i] = 0
                haptic.strong[i] = 0
                haptic.weak[i] = 0
            }
        }
        if silenceAudio {
            for i in 0..<n {
                audio.left[i] = 0
                audio.right[i] = 0
            }
        }
    }

    /// Renders one block and hands it to the device. Returns `false` (and records the fault) when the device
    /// can no longer be written.
    func renderAndWrite(frames n: Int) -> Bool {
        let start = mixer.currentFrame
        renderBlock(frames: n)
        let status = device.write(DeviceBlock(frameCount: n, startFrame: start, haptic: hapticBus, audio: audioBus))
        switch status {
        case .ok:
            return true
        case .removed:
            fault.store(1, ordering: .releasing)
            return false
        case .failed(let errno):
            faultErrno.store(errno, ordering: .relaxed)
            fault.store(2, ordering: .releasing)
            return false
        }
    }

    /// The render thread's body: block after block until stopped or the device fails.
    func runLoop() {
        let n = blockFrames
        while !stopRequested.load(ordering: .acquiring) {
            // The block rendered now reaches the device after this render and the device's pacing: about one
            // block later. Control threads map times to frames with this anchor.
            anchor.store(frame: mixer.currentFrame, time: MonotonicClock.now() + blockDuration)
            if !renderAndWrite(frames: n) { return }
        }
    }
}
