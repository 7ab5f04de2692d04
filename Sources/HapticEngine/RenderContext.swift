import HapticDevices
import HapticRender
import HapticSystem
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

/// One engine's part of the render path: its mixer, its bus buffers, its route to the device's motors, the time
/// anchor and a few atomics. Created when the engine starts (all memory allocated then) and handed to the device's
/// shared ``DeviceOutput``, whose render thread renders it block by block together with every other engine on the
/// same device; dropped after the output has let go of it.
///
/// Real-time safety: ``renderBlock(frames:)`` is checked by the compiler (`@_noLocks`, `@_noAllocation`).
final class RenderContext: @unchecked Sendable {
    // @unchecked: `storage` and the mixer's render side are used by one thread at a time (the output's render
    // thread while attached; the control thread in manual mode, under the output's lock).
    let mixer: Mixer
    private let unmanagedMixer: Unmanaged<Mixer>
    let storage: BusStorage
    /// ``storage``'s buffers, copied out once so the render path reads plain stored values.
    let hapticBus: HapticBusBuffers
    let audioBus: AudioBusBuffers
    /// Which of the device's motor channels this engine drives.
    let route: MotorRoute
    /// Whether the route rewrites the bus (every route but `handles`).
    let routesMotors: Bool
    /// Whether the profile is a PCM one (the route then moves waveforms, not motor levels).
    let isPCM: Bool
    let blockFrames: Int
    let blockDuration: Double
    let sampleRate: Double
    /// Engine-wide mutes, written by control threads and read every block.
    let mutedForHaptics = Atomic<Bool>(false)
    let mutedForAudio = Atomic<Bool>(false)
    let playsHaptics: Bool
    let playsAudio: Bool
    let anchor = TimeAnchor()
    /// When this engine's part of the output fell silent, and who waits for that.
    let silence = SilenceWatch()
    /// Whether the device still works; set by the output (``faultErrno`` holds a failure's `errno`).
    let fault = Atomic<DeviceFault>(.none)
    let faultErrno = Atomic<Int32>(0)
    /// Real time: wakes the engine's service when a block posted a notification or the device failed (`nil` in
    /// manual mode, and where the system has no `eventfd`: the service then looks on a timer).
    let serviceSignal: WakeSignal?
    /// ``serviceSignal``, borrowed unretained on the render thread (the context keeps it alive).
    private let unmanagedServiceSignal: Unmanaged<WakeSignal>?
    /// Manual clock: the engine's service, run by ``DeviceOutput/advance(frames:servicing:)`` after each block
    /// (set before the context is attached).
    var afterBlock: @Sendable () -> Void = {}

    init(
        mixer: Mixer, route: MotorRoute, blockFrames: Int, sampleRate: Double, playsHaptics: Bool, playsAudio: Bool,
        serviceSignal: WakeSignal? = nil
    ) {
        self.mixer = mixer
        self.serviceSignal = serviceSignal
        self.unmanagedServiceSignal = serviceSignal.map { .passUnretained($0) }
        self.unmanagedMixer = .passUnretained(mixer)
        self.route = route
        self.routesMotors = route.rewritesBus
        self.isPCM = mixer.profile.mode == .pcm
        self.blockFrames = blockFrames
        self.blockDuration = Double(blockFrames) / sampleRate
        self.sampleRate = sampleRate
        self.storage = BusStorage(capacity: blockFrames)
        self.hapticBus = storage.haptic
        self.audioBus = storage.audio
        self.playsHaptics = playsHaptics
        self.playsAudio = playsAudio
    }

    /// Renders `n` frames into ``storage``, applies the engine-wide mutes and the route.
    @_noLocks @_noAllocation
    func renderBlock(frames n: Int) {
        let haptic = hapticBus
        let audio = audioBus
        // The context keeps the mixer alive; borrowing it unretained avoids reference counting here.
        let posted = unmanagedMixer._withUnsafeGuaranteedRef { mixer in
            mixer.render(frameCount: n, haptic: haptic, audio: audio)
            return mixer.postedNotificationInLastBlock
        }
        if posted { wakeService() }
        if routesMotors { route.apply(to: haptic, frameCount: n, pcm: isPCM) }
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
                haptic.leftTrigger[i] = 0
                haptic.rightTrigger[i] = 0
            }
        }
        if silenceAudio {
            for i in 0..<n {
                audio.left[i] = 0
                audio.right[i] = 0
            }
        }
    }

    /// Moves the mixer's clock on over silence, to the frame the time anchor maps the block rendered at `now` to
    /// (see ``DeviceOutput``'s `renderAndWrite`: `now` plus one block): so the anchor that commands sent during an
    /// idle pause were timed with still holds when the next block is rendered, and the next anchor continues it.
    /// Only while the mixer is quiet (nothing sounded: skipping is then exact); at most one second.
    ///
    /// Render thread only (it writes the anchor).
    func skipQuietFrames(until now: Double) {
        guard let anchor = anchor.load() else { return }
        let behind = (now + blockDuration - anchor.time) * sampleRate - Double(mixer.currentFrame - anchor.frame)
        guard behind >= 1, behind <= sampleRate else { return }
        _ = mixer.skipSilence(frameCount: Int(behind))
    }

    /// Wakes the engine's service (real time), without reference counting.
    @_noLocks @_noAllocation
    func wakeService() {
        guard let signal = unmanagedServiceSignal else { return }
        signal._withUnsafeGuaranteedRef { $0.raise() }
    }

    /// Records a device fault for the engine's service to find.
    @_noLocks @_noAllocation
    func report(_ status: DeviceStatus) {
        switch status {
        case .ok:
            break
        case .removed:
            fault.store(.removed, ordering: .releasing)
            wakeService()
        case .failed(let errno):
            faultErrno.store(errno, ordering: .relaxed)
            fault.store(.failed, ordering: .releasing)
            wakeService()
        }
    }
}

/// What happened to an engine's device, as the render path reports it to the engine's service.
enum DeviceFault: UInt8, AtomicRepresentable {
    /// The device works.
    case none
    /// The device was removed (hot-plug): the engine stops with `gameControllerDisconnect`.
    case removed
    /// A write failed: the engine stops with `systemError`.
    case failed
}
