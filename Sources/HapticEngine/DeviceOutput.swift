import HapticDevices
import HapticRender
import HapticSystem
import Synchronization

/// One device's output, shared by every engine that plays on it: the device, its render thread, and the sum of the
/// engines' buses.
///
/// Engines do not own devices. When an engine starts it attaches its ``RenderContext`` (its mixer and its
/// ``HapticRender/MotorRoute``) to the output of its device, made and started on the first attach; every block the
/// output renders each attached context, sums their buses per channel (amplitude, the motor channels, the drive
/// signal, stereo audio; sharpness weighted by amplitude), and writes the device once. So a left-handle engine and
/// a right-handle engine on one game pad become one rumble effect carrying both motors, and a `CHHapticEngine()`
/// bound to the same node joins the same output. When the last engine detaches, the render thread ends and the
/// device stops.
///
/// Identity: hardware (evdev nodes, ALSA PCMs) is shared by device ID, so separately made device objects for one
/// node meet in one output; other devices (simulated, files, recorders) only when the engines were given the same
/// device object.
///
/// Threads: attach and detach run on control threads under the registry's lock. The render thread reads the
/// attached contexts from a fixed table of atomic slots — it never locks, allocates or releases — and a detach
/// waits until the render thread has passed a block boundary before it lets the context go. On a manual clock
/// there is no thread: ``advance(frames:)`` renders on the calling thread and then runs each attached engine's
/// service.
final class DeviceOutput: @unchecked Sendable {
    // @unchecked: the slots are atomics; `sum` and the frame counter are used by the render thread only (or, on a
    // manual clock, under `renderLock`); everything else is guarded by the registry's lock.

    /// The most engines one device can play at once.
    static let capacity = 16

    let device: any HapticDevice
    let sampleRate: Double
    let blockFrames: Int
    let clockMode: EngineClockMode
    /// The registry key (see "Identity").
    let key: String

    private let slots: UnsafeMutablePointer<Atomic<UInt>>
    /// Strong references to the attached contexts, by slot (guarded by the registry's lock).
    private var attached: [RenderContext?]
    private let sum: BusStorage
    private var frame = 0
    private let stopRequested = Atomic<Bool>(false)
    private let threadRunning = Atomic<Bool>(false)
    private var thread: RenderThread?
    /// Manual clock: serializes rendering with attach and detach.
    private let renderLock = LockedState(())
    /// Wakes the render thread when a command arrives (see ``wakeForCommand()``).
    let wake = WakeSignal()
    /// Wakes control threads that wait for the render thread's progress (a block boundary, a frame).
    private let progress = RenderProgress()
    /// How long an idle output's render thread waits for a command before rendering the silence it skipped (a command
    /// ends it at once). Longer would idle cheaper, but the silence owed after a pause is written back to back.
    static let idlePause = 0.025

    private init(device: any HapticDevice, key: String, sampleRate: Double, blockFrames: Int, clockMode: EngineClockMode) {
        self.device = device
        self.key = key
        self.sampleRate = sampleRate
        self.blockFrames = blockFrames
        self.clockMode = clockMode
        slots = .allocate(capacity: Self.capacity)
        for i in 0..<Self.capacity { (slots + i).initialize(to: Atomic<UInt>(0)) }
        attached = Array(repeating: nil, count: Self.capacity)
        sum = BusStorage(capacity: blockFrames)
    }

    deinit {
        slots.deinitialize(count: Self.capacity)
        slots.deallocate()
    }

    // MARK: Registry

    private static let registry = LockedState<[String: DeviceOutput]>([:])

    /// The registry key of `device` (see "Identity").
    static func key(for device: any HapticDevice) -> String {
        device.info.isHardware ? "device:\(device.info.id)" : "object:\(ObjectIdentifier(device).hashValue)"
    }

    /// Attaches `context` to the output of `device`, making and starting the output (device and render thread) when
    /// no engine plays on the device yet.
    ///
    /// - Throws: ``EngineError/Code/deviceUnavailable`` when the device cannot be started, the output runs at another
    ///   rate, block size or clock, or ``capacity`` engines already play on it.
    static func attach(
        _ context: RenderContext, device: any HapticDevice, sampleRate: Double, blockFrames: Int, clockMode: EngineClockMode
    ) throws(EngineError) -> DeviceOutput {
        try registry.withLock { (outputs: inout [String: DeviceOutput]) throws(EngineError) -> DeviceOutput in
            let key = key(for: device)
            if let output = outputs[key] {
                guard output.sampleRate == sampleRate, output.blockFrames == blockFrames, output.clockMode == clockMode else {
                    throw EngineError(
                        .deviceUnavailable,
                        "\(device.info.name) is already played at \(Int(output.sampleRate)) Hz in \(output.blockFrames)-frame blocks (\(output.clockMode)); an engine on it must use the same"
                    )
                }
                try output.insert(context)
                return output
            }
            let output = DeviceOutput(device: device, key: key, sampleRate: sampleRate, blockFrames: blockFrames, clockMode: clockMode)
            try output.start()
            try output.insert(context)
            outputs[key] = output
            return output
        }
    }

    /// Detaches `context`. Returns once the render thread can no longer touch it; when it was the last engine, the
    /// render thread has ended and the device is stopped (silent) too.
    func detach(_ context: RenderContext) {
        DeviceOutput.registry.withLock { outputs in
            guard let index = attached.firstIndex(where: { $0 === context }) else { return }
            renderLock.withLock { _ in slots[index].store(0, ordering: .releasing) }
            if clockMode == .realTime { waitForBlockBoundary() }
            attached[index] = nil
            if attached.allSatisfy({ $0 == nil }) {
                stop()
                if outputs[key] === self { outputs[key] = nil }
            }
        }
    }

    /// The engines attached now.
    var attachedCount: Int { DeviceOutput.registry.withLock { _ in attached.compactMap { $0 }.count } }

    /// The output of `device`, if any engine plays on it (for tests and diagnostics).
    static func current(for device: any HapticDevice) -> DeviceOutput? {
        registry.withLock { $0[key(for: device)] }
    }

    private func insert(_ context: RenderContext) throws(EngineError) {
        guard let index = attached.firstIndex(where: { $0 == nil }) else {
            throw EngineError(.deviceUnavailable, "\(device.info.name) already plays \(Self.capacity) engines")
        }
        attached[index] = context
        let bits = UInt(bitPattern: Unmanaged.passUnretained(context).toOpaque())
        renderLock.withLock { _ in slots[index].store(bits, ordering: .releasing) }
    }

    // MARK: Device and thread

    private func start() throws(EngineError) {
        do {
            try device.start(
                format: DeviceFormat(
                    sampleRate: sampleRate, maxBlockFrames: blockFrames, isRealTime: clockMode == .realTime,
                    wake: clockMode == .realTime ? wake : nil))
        } catch {
            throw EngineError(.deviceUnavailable, "\(device.info.name) could not be started: \(error)")
        }
        guard clockMode == .realTime else { return }
        stopRequested.store(false, ordering: .relaxed)
        threadRunning.store(true, ordering: .releasing)
        guard let thread = RenderThread(name: "haptic-render", body: { [self] in runLoop() }) else {
            threadRunning.store(false, ordering: .releasing)
            device.stop()
            throw EngineError(.deviceUnavailable, "the render thread could not be created")
        }
        self.thread = thread
    }

    private func stop() {
        stopRequested.store(true, ordering: .releasing)
        // Out of an idle pause or a paced wait at once, so the join does not wait for it to end.
        wake.signal()
        thread?.join()
        thread = nil
        device.stop()
    }

    /// Waits until the render thread starts a new block (it then reads the slots afresh) or begins an idle pause
    /// (it holds no context then), at most two blocks and 100 ms: a thread stuck in a device write has no slot in
    /// hand to lose. The render thread signals each block and each pause.
    private func waitForBlockBoundary() {
        guard threadRunning.load(ordering: .acquiring) else { return }
        // Read after the caller cleared the slot (behind the getter's fence), so a pause counted after it began
        // after the clear.
        let pauses = progress.pausesBegun
        let seen = progress.blocksWritten
        // A thread in its idle pause would write no block and begin no pause for up to `idlePause`.
        wake.signal()
        let deadline = MonotonicClock.now() + 2 * Double(blockFrames) / sampleRate + 0.1
        progress.wait(until: deadline, block: { seen + 2 }) {
            progress.blocksWritten >= seen + 2 || progress.pausesBegun != pauses || !threadRunning.load(ordering: .acquiring)
        }
    }

    /// Real time: waits until `context`'s mixer has rendered up to `frame`, at most until the monotonic `deadline`;
    /// returns early when the render thread ends, no longer renders the context, or begins an idle pause (every
    /// engine is then idle with nothing queued, so what was sent before this call has sounded; the mixer's clock
    /// stands still in a pause). Signalled by the render thread.
    func waitUntil(_ context: RenderContext, hasRendered frame: Int, deadline: Double) {
        let pauses = progress.pausesBegun
        let bits = UInt(bitPattern: Unmanaged.passUnretained(context).toOpaque())
        // Each block renders `blockFrames` frames of every attached mixer: the block the frame is due in.
        let due = { [self] in
            let missing = Swift.max(0, frame - context.mixer.currentFrame)
            return progress.blocksWritten + (missing + blockFrames - 1) / blockFrames
        }
        progress.wait(until: deadline, block: due) {
            if context.mixer.currentFrame >= frame || !threadRunning.load(ordering: .acquiring) { return true }
            if progress.pausesBegun != pauses { return true }
            return !(0..<Self.capacity).contains { slots[$0].load(ordering: .acquiring) == bits }
        }
    }

    /// Tells the render thread that a command is waiting: a device pacing itself stops waiting for the block
    /// boundary and an idle output stops pausing, so the command is rendered at once. Call after each command.
    func wakeForCommand() { wake.signal() }

    /// The render thread's body: block after block until stopped or the device fails. While every engine is idle
    /// (nothing plays, nothing is waiting) and the device tolerates it, the thread pauses up to ``idlePause`` between
    /// blocks, until a command wakes it, and then renders the silence it skipped as the device's pacing allows: an
    /// engine with nothing to play does not spin at the block rate.
    private func runLoop() {
        defer {
            threadRunning.store(false, ordering: .releasing)
            progress.renderingEnded()
        }
        let pauses = device.toleratesIdlePauses
        // Frames still owed for the time the last pause took: rendered back to back before the next pause.
        var owed = 0
        var silent = false
        while !stopRequested.load(ordering: .acquiring) {
            // Before looking at the mixers' queues: a command sent before this point is in this block (silence notice).
            beginBlock()
            // While every engine stays idle, the blocks owed for a pause are silence: they are written without
            // rendering the mixers (a command wakes the thread and ends this at once).
            silent = silent && owed > 0 && allIdle()
            if silent {
                if !writeSilence(frames: blockFrames, now: MonotonicClock.now()) { return }
            } else {
                // A command ended the pause: the whole blocks still owed for it are silence, written before the
                // command's block, so the command lands on the block due now and the thread sleeps right after it.
                if owed >= blockFrames {
                    guard let skipped = skipOwedSilence(frames: owed) else { return }
                    owed -= skipped
                }
                if !renderAndWrite(frames: blockFrames, now: MonotonicClock.now()) { return }
            }
            owed -= blockFrames
            // Pause again once the silence owed is written, while every engine is idle (an engine with a command
            // waiting is not idle, so that command is rendered first): no rendered block in between, whose paced wait
            // would be one more wake-up per pause.
            if pauses && owed <= 0 && allIdle() {
                let began = MonotonicClock.now()
                // Not through a command sent since `allIdle()` looked, nor a stop (their signal may have found no
                // waiter). Once it holds, the thread holds no context until its next block and every engine is idle
                // with nothing queued: waiters for a block boundary or for a stop's grace need not wait longer.
                wake.wait(until: began + Self.idlePause) {
                    if stopRequested.load(ordering: .acquiring) || !allIdle() || silenceWanted() { return true }
                    progress.pauseBegins()
                    return false
                }
                owed = Int(((MonotonicClock.now() - began) * sampleRate).rounded())
                silent = true
            }
        }
    }

    /// Tells every attached engine's ``SilenceWatch`` that a block begins.
    private func beginBlock() {
        forEachContext { $0.silence.blockBegins() }
    }

    /// Manual clock: whether `context`'s mixer is idle now, with nothing sent that it has not rendered (read under
    /// the lock that serializes rendering, so no block is half done).
    func isIdleNow(_ context: RenderContext) -> Bool {
        renderLock.withLock { _ in context.mixer.isIdle }
    }

    /// Whether an attached engine's silence waiter wants a block that has not begun (``SilenceWatch/wantsABlock``).
    private func silenceWanted() -> Bool {
        !allContexts { !$0.silence.wantsABlock }
    }

    /// Whether every attached engine's mixer was idle in the last block.
    private func allIdle() -> Bool {
        allContexts { $0.mixer.isIdle }
    }

    // MARK: Rendering

    /// Manual clock: renders `count` frames block by block; after each block, runs every attached engine's
    /// per-block service (``RenderContext/afterBlock``). Returns `false` when the device failed.
    @discardableResult
    func advance(frames count: Int, servicing: Bool = true) -> Bool {
        var remaining = count
        while remaining > 0 {
            let n = Swift.min(remaining, blockFrames)
            remaining -= n
            let (ok, hooks) = renderLock.withLock { _ -> (Bool, [@Sendable () -> Void]) in
                beginBlock()
                let ok = renderAndWrite(frames: n, now: nil)
                let hooks =
                    servicing
                    ? (0..<Self.capacity).compactMap { index -> (@Sendable () -> Void)? in
                        let bits = slots[index].load(ordering: .acquiring)
                        guard bits != 0 else { return nil }
                        return Unmanaged<RenderContext>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!).takeUnretainedValue().afterBlock
                    } : []
                return (ok, hooks)
            }
            for hook in hooks { hook() }
            if !ok { return false }
        }
        return true
    }

    /// Renders every attached context, sums them into the output bus and writes the device once. `now` (real time)
    /// anchors each engine's clock. Returns `false` (after telling every attached engine) when the device failed.
    ///
    /// Real-time safety: no locks, no allocation, no reference counting (contexts are borrowed unretained; a detach
    /// waits for the block boundary before releasing one); the only blocking call is the device's write.
    private func renderAndWrite(frames n: Int, now: Double?) -> Bool {
        let haptic = sum.haptic
        let audio = sum.audio
        var active = 0
        var carriesCommand = false
        forEachContext { context in
            // The block rendered now reaches the device after this render and the device's pacing: about one
            // block later. Control threads map times to frames with this anchor.
            if let now { context.anchor.store(frame: context.mixer.currentFrame, time: now + context.blockDuration) }
            context.renderBlock(frames: n)
            if context.mixer.appliedCommandInLastBlock { carriesCommand = true }
            Self.add(context.hapticBus, context.audioBus, into: haptic, audio, frames: n, first: active == 0)
            active += 1
        }
        if active == 0 {
            Self.silence(haptic, audio, frames: n)
        } else if active > 1 {
            Self.finishSum(haptic, frames: n)
        }
        return write(
            DeviceBlock(frameCount: n, startFrame: frame, haptic: haptic, audio: audio, carriesCommand: carriesCommand),
            rendered: true)
    }

    /// Writes a block of silence without rendering the mixers (every engine is idle), keeping each engine's time
    /// anchor current so that times map to frames as if it had rendered.
    private func writeSilence(frames n: Int, now: Double) -> Bool {
        forEachContext { context in
            context.anchor.store(frame: context.mixer.currentFrame, time: now + context.blockDuration)
        }
        Self.silence(sum.haptic, sum.audio, frames: n)
        return write(DeviceBlock(frameCount: n, startFrame: frame, haptic: sum.haptic, audio: sum.audio), rendered: false)
    }

    /// A command woke the thread while silence was owed for a pause: writes the whole blocks owed as silence and
    /// moves every mixer's clock on to now (``RenderContext/skipQuietFrames(until:)``: exact, nothing sounded, which
    /// is why the thread paused; a command waiting is not rendered yet). The command's block then goes out on the device timeline where the call happened, not
    /// the pause's length earlier with the pause rendered back to back after it — which kept the woken real-time
    /// thread, and the caller whose CPU it took, busy for one mixed block per millisecond paused. Frames owed short
    /// of a block are rendered as usual. The blocks belong to the block that began (``SilenceWatch``): they drain
    /// no command, so they do not count as quiet for a waiter. Returns the frames written (0 when a mixer sounds:
    /// the owed blocks are then rendered), or `nil` when the device failed.
    private func skipOwedSilence(frames owed: Int) -> Int? {
        let blocks = owed / blockFrames
        guard blocks > 0, allVoicesIdle() else { return 0 }
        for _ in 0..<blocks {
            Self.silence(sum.haptic, sum.audio, frames: blockFrames)
            let status = device.write(DeviceBlock(frameCount: blockFrames, startFrame: frame, haptic: sum.haptic, audio: sum.audio))
            frame += blockFrames
            progress.blockWritten()
            guard case .ok = status else {
                report(status)
                return nil
            }
        }
        let now = MonotonicClock.now()
        forEachContext { $0.skipQuietFrames(until: now) }
        return blocks * blockFrames
    }

    /// Whether every attached engine's mixer left nothing sounding in its last block (commands may be waiting).
    private func allVoicesIdle() -> Bool {
        allContexts { $0.mixer.isQuiet }
    }

    /// Tells every attached engine that the device failed with `status`.
    private func report(_ status: DeviceStatus) {
        forEachContext { $0.report(status) }
    }

    /// Calls `body` with every attached engine's render context, in slot order, without reference counting (the
    /// contexts stay alive while attached). The closure does not escape: nothing is allocated.
    @inline(__always)
    private func forEachContext(_ body: (RenderContext) -> Void) {
        for index in 0..<Self.capacity {
            let bits = slots[index].load(ordering: .acquiring)
            guard bits != 0 else { continue }
            Unmanaged<RenderContext>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!)._withUnsafeGuaranteedRef(body)
        }
    }

    /// Whether `condition` holds for every attached engine's render context.
    @inline(__always)
    private func allContexts(_ condition: (RenderContext) -> Bool) -> Bool {
        var all = true
        forEachContext { context in
            if all && !condition(context) { all = false }
        }
        return all
    }

    /// Writes `block` to the device and advances the frame counter; tells each engine's ``SilenceWatch`` whether it
    /// was quiet in the block (its mixer idle, or `rendered` false: silence written for idle engines) and wakes
    /// control threads waiting for progress. Returns `false` (after telling every attached engine) when the device
    /// failed.
    private func write(_ block: DeviceBlock, rendered: Bool) -> Bool {
        let status = device.write(block)
        frame += block.frameCount
        let written = clockMode == .realTime ? MonotonicClock.now() : 0
        forEachContext { context in
            var quiet = !rendered
            if context.mixer.isIdle { quiet = true }
            if context.silence.blockWritten(quiet: quiet, at: written) { context.wakeService() }
        }
        progress.blockWritten()
        if case .ok = status { return true }
        report(status)
        return false
    }

    /// Adds one engine's buses to the sum (the first one is copied; sharpness is carried weighted by amplitude in
    /// the sum's sharpness channel until ``finishSum(_:frames:)``).
    @_noLocks @_noAllocation
    private static func add(
        _ haptic: HapticBusBuffers, _ audio: AudioBusBuffers, into sumHaptic: HapticBusBuffers, _ sumAudio: AudioBusBuffers,
        frames n: Int, first: Bool
    ) {
        if first {
            for i in 0..<n {
                sumHaptic.amplitude[i] = haptic.amplitude[i]
                sumHaptic.sharpness[i] = haptic.sharpness[i]
                sumHaptic.drive[i] = haptic.drive[i]
                sumHaptic.strong[i] = haptic.strong[i]
                sumHaptic.weak[i] = haptic.weak[i]
                sumHaptic.leftTrigger[i] = haptic.leftTrigger[i]
                sumHaptic.rightTrigger[i] = haptic.rightTrigger[i]
                sumAudio.left[i] = audio.left[i]
                sumAudio.right[i] = audio.right[i]
            }
            return
        }
        for i in 0..<n {
            // Weighted sharpness: the first engine's value is turned into a weighted one here, on the second add.
            let weighted = sumHaptic.amplitude[i] * sumHaptic.sharpness[i] + haptic.amplitude[i] * haptic.sharpness[i]
            sumHaptic.amplitude[i] += haptic.amplitude[i]
            sumHaptic.sharpness[i] = sumHaptic.amplitude[i] > 0 ? weighted / sumHaptic.amplitude[i] : haptic.sharpness[i]
            sumHaptic.drive[i] += haptic.drive[i]
            sumHaptic.strong[i] += haptic.strong[i]
            sumHaptic.weak[i] += haptic.weak[i]
            sumHaptic.leftTrigger[i] += haptic.leftTrigger[i]
            sumHaptic.rightTrigger[i] += haptic.rightTrigger[i]
            sumAudio.left[i] += audio.left[i]
            sumAudio.right[i] += audio.right[i]
        }
    }

    /// Clamps a sum of several engines to each channel's range (one engine's buses are already in range).
    @_noLocks @_noAllocation
    private static func finishSum(_ haptic: HapticBusBuffers, frames n: Int) {
        for i in 0..<n {
            haptic.amplitude[i] = Swift.min(haptic.amplitude[i], 1)
            haptic.drive[i] = Swift.min(Swift.max(haptic.drive[i], -1), 1)
            // Motor levels are ≥ 0; coil waveforms (PCM) are signed.
            haptic.strong[i] = Swift.min(Swift.max(haptic.strong[i], -1), 1)
            haptic.weak[i] = Swift.min(Swift.max(haptic.weak[i], -1), 1)
            haptic.leftTrigger[i] = Swift.min(haptic.leftTrigger[i], 1)
            haptic.rightTrigger[i] = Swift.min(haptic.rightTrigger[i], 1)
        }
    }

    @_noLocks @_noAllocation
    private static func silence(_ haptic: HapticBusBuffers, _ audio: AudioBusBuffers, frames n: Int) {
        for i in 0..<n {
            haptic.amplitude[i] = 0
            haptic.drive[i] = 0
            haptic.strong[i] = 0
            haptic.weak[i] = 0
            haptic.leftTrigger[i] = 0
            haptic.rightTrigger[i] = 0
            audio.left[i] = 0
            audio.right[i] = 0
        }
    }
}
