#if os(Linux)
import HapticDevices
import HapticRender
import HapticSystem
import Synchronization

/// One pad the bridge plays, with a thread of its own: it drains the rings of the routes that reach the pad
/// (``BridgeInput``: a game's coil channels, an application's sound), runs each route's ``RouteProcessor`` into one
/// haptic bus and writes it to the pad's device — the Bluetooth coils' report-0x32 stream, evdev rumble, a simulated
/// pad. So a slow or stalled pad never holds up PipeWire's data thread or the other pads.
///
///     let pad = PadOutput(controller: info, device: try ControllerDiscovery.makeDevice(for: info))
///     try pad.start()
///     pad.attach(input)        // and stream.fanOut.attach(input)
///     …
///     pad.stop()               // the motors are off when it returns
///
/// Timing follows the graph: blocks are written as PipeWire delivers them (as many frames as every live input has;
/// an input late by more than 3 ms is left for the next block), not on a clock of the pad's own. **Nothing is left
/// playing**: when no input has delivered for 25 ms (PipeWire stopped, restarted or xrun'd, the game paused), the
/// thread writes silence in real time for 100 ms — the coil stream's last report, the motors' zero level — and then
/// writes nothing until sound comes back; ``stop()`` silences the device itself.
///
/// Hits are timed for the latency figures (``events``): an input's first sample of a hit (when it was due in the
/// graph) and the write that carried it to the pad (the first coil report after silence, or a motor level rising
/// from silence).
///
/// - Thread safety: ``start()``, ``stop()``, ``attach(_:)`` and ``detach(_:)`` from control threads, one at a time.
/// - Real-time safety: the output thread does not lock, allocate or free; it blocks only in the device's write and
///   in its wait for the next frames.
package final class PadOutput: @unchecked Sendable {
    // @unchecked: the slots are atomics; the buffers belong to the output thread.

    /// The bridge's sample rate.
    package static let sampleRate = 48_000.0
    /// The largest block written at once.
    package static let maxFrames = 8_192
    /// The most routes one pad takes.
    package static let slotCount = 8
    /// No input for this long means the sound stopped: silence is written.
    package static let inputGap = 0.025
    /// Silence written after the sound stopped, before the thread idles.
    package static let silenceFlush = 0.1

    /// The controller.
    package let controller: ControllerInfo
    /// Its device.
    package let device: any HapticDevice
    /// Wakes the output thread (inputs signal it when frames arrive).
    package let wake = WakeSignal()
    /// The output thread's passes, for freeing detached inputs safely.
    package let epoch = ReaderEpoch()
    /// Hits and device loss, for the status side.
    package let events = PadEventRing()
    private let slots: UnsafeMutablePointer<Atomic<UInt>>
    private let running = Atomic<Bool>(false)
    private let lost = Atomic<Bool>(false)
    private let peakBits = Atomic<UInt32>(0)
    private let blocks = Atomic<Int>(0)
    private let finished = LockedState<ThreadMilestone?>(nil)
    /// Set by a ``stop()`` that gave up waiting: the thread stops the device itself when it returns.
    private let deviceStopPending = Atomic<Bool>(false)
    /// Inputs handed over by ``keepUntilStopped(_:)`` while the thread runs; released when it has returned.
    private let heldForThread = LockedState<(threadRunning: Bool, inputs: [BridgeInput])>((false, []))
    private let reportCounter: (any ReportCountingDevice)?
    private let bus = BusStorage(capacity: PadOutput.maxFrames)
    private let left = UnsafeMutablePointer<Float>.allocate(capacity: PadOutput.maxFrames)
    private let right = UnsafeMutablePointer<Float>.allocate(capacity: PadOutput.maxFrames)

    /// Signalled when the device is lost (the bridge's supervisor then takes the pad away at once).
    private let lossSignal: WakeSignal?

    /// A pad played through `device`; `lossSignal` is signalled when the device reports the pad removed or failed.
    package init(controller: ControllerInfo, device: any HapticDevice, lossSignal: WakeSignal? = nil) {
        self.controller = controller
        self.device = device
        self.lossSignal = lossSignal
        reportCounter = device as? any ReportCountingDevice
        slots = .allocate(capacity: Self.slotCount)
        for i in 0..<Self.slotCount { (slots + i).initialize(to: Atomic<UInt>(0)) }
    }

    deinit {
        stop()
        slots.deinitialize(count: Self.slotCount)
        slots.deallocate()
        left.deallocate()
        right.deallocate()
    }

    /// Whether the pad plays PCM (voice coils) rather than motor levels.
    package var playsCoils: Bool { device.info.profile.mode == .pcm }
    /// Whether the pad has trigger motors (Xbox impulse triggers).
    package var hasTriggerMotors: Bool { controller.actuators.contains(.triggerMotors) }
    /// Whether the device reported the pad removed or failed (the thread has stopped).
    package var isLost: Bool { lost.load(ordering: .acquiring) }
    /// Whether the output thread runs.
    package var isRunning: Bool { running.load(ordering: .acquiring) }
    /// Blocks written since start.
    package var blockCount: Int { blocks.load(ordering: .relaxed) }

    /// The loudest actuator signal since the last call (for the meter), and resets it.
    package func takePeak() -> Float { Float(bitPattern: peakBits.exchange(0, ordering: .relaxed)) }

    /// Starts the device (48 kHz blocks of up to 8 192 frames, no pacing of its own) and the output thread.
    ///
    /// - Throws: `DeviceError` from the device's start, or `ioError` when the thread cannot start.
    package func start() throws(DeviceError) {
        guard !running.load(ordering: .acquiring) else { return }
        try device.start(format: DeviceFormat(sampleRate: Self.sampleRate, maxBlockFrames: Self.maxFrames, isRealTime: false))
        running.store(true, ordering: .releasing)
        let done = ThreadMilestone()
        finished.withLock { $0 = done }
        heldForThread.withLock { $0.threadRunning = true }
        let started = SystemThread.detach(name: "haptic-pad", realTimePriority: 40) { [self] in
            run()
            // The thread is done with every input: what it was handed may go (released outside the lock).
            let held = heldForThread.withLock { state in
                state.threadRunning = false
                defer { state.inputs = [] }
                return state.inputs
            }
            withExtendedLifetime(held) {}
            if deviceStopPending.exchange(false, ordering: .acquiringAndReleasing) { device.stop() }
            done.signal()
        }
        guard started else {
            heldForThread.withLock { $0 = (false, []) }
            running.store(false, ordering: .releasing)
            device.stop()
            throw DeviceError(.ioError, "\(controller.id): could not start the bridge's output thread")
        }
    }

    /// Stops the output thread (within its current write) and then the device, which silences the actuators. A write
    /// that takes longer than a second is not waited for: the thread stops the device itself when the write returns.
    package func stop() {
        let wasRunning = running.exchange(false, ordering: .acquiringAndReleasing)
        wake.signal()
        guard let done = finished.withLock({ $0 }) else { return }
        if done.wait(until: MonotonicClock.now() + 1.0) {
            if wasRunning || lost.load(ordering: .acquiring) { device.stop() }
        } else if wasRunning {
            // Still in a slow write: the thread silences the device when it returns (unless it just did return).
            deviceStopPending.store(true, ordering: .releasing)
            if done.wait(until: MonotonicClock.now()), deviceStopPending.exchange(false, ordering: .acquiringAndReleasing) {
                device.stop()
            }
        }
        finished.withLock { $0 = nil }
    }

    /// Keeps `input` alive until the output thread has returned (now, if it is not running): for an input whose
    /// reader may still be in a pass when the bridge shuts down — a ``stop()`` that timed out on a slow device write.
    package func keepUntilStopped(_ input: BridgeInput) {
        heldForThread.withLock { state in
            if state.threadRunning { state.inputs.append(input) }
        }
    }

    /// Publishes `input` to the output thread.
    ///
    /// - Returns: `false` when the pad has ``slotCount`` routes already.
    @discardableResult
    package func attach(_ input: BridgeInput) -> Bool {
        let bits = UInt(bitPattern: Unmanaged.passUnretained(input).toOpaque())
        for i in 0..<Self.slotCount where slots[i].load(ordering: .acquiring) == 0 {
            slots[i].store(bits, ordering: .releasing)
            wake.signal()
            return true
        }
        return false
    }

    /// Unpublishes `input`; the caller keeps it until ``epoch`` passed a snapshot taken now.
    package func detach(_ input: BridgeInput) {
        let bits = UInt(bitPattern: Unmanaged.passUnretained(input).toOpaque())
        for i in 0..<Self.slotCount where slots[i].load(ordering: .acquiring) == bits {
            slots[i].store(0, ordering: .sequentiallyConsistent)
        }
    }

    /// The slot `input` is published in, or `nil`.
    package func slotIndex(of input: BridgeInput) -> Int? {
        let bits = UInt(bitPattern: Unmanaged.passUnretained(input).toOpaque())
        return (0..<Self.slotCount).first { slots[$0].load(ordering: .acquiring) == bits }
    }

    /// The input in slot `index`, used without reference counting (the control side keeps it alive).
    @inline(__always)
    private func withInput(_ index: Int, _ body: (BridgeInput) -> Void) {
        let bits = slots[index].load(ordering: .acquiring)
        guard bits != 0, let pointer = UnsafeRawPointer(bitPattern: bits) else { return }
        Unmanaged<BridgeInput>.fromOpaque(pointer)._withUnsafeGuaranteedRef(body)
    }

    /// The output thread.
    private func run() {
        let rate = Self.sampleRate
        let origin = MonotonicClock.now()
        var lastData = origin
        var lastWrite = origin
        var outputLive = false
        var silenceWritten = 0
        var laggingSince = -1.0
        var reports = reportCounter?.reportCount ?? 0
        var lastReportTime = -1.0
        var motorQuiet = Int.max / 2
        while running.load(ordering: .acquiring) {
            epoch.enter()
            let now = MonotonicClock.now()
            // Every live input must have frames, so they mix in step; one late by more than 3 ms is left for later.
            var minimum = Int.max
            var maximum = 0
            for i in 0..<Self.slotCount {
                withInput(i) { input in
                    let available = input.ring.available
                    let recent = input.ring.lastWriteTime.map { now - $0 < Self.inputGap } ?? false
                    if available > 0 || recent { minimum = Swift.min(minimum, available) }
                    maximum = Swift.max(maximum, available)
                }
            }
            var count = 0
            if maximum > 0 {
                if minimum > 0 {
                    count = minimum
                    laggingSince = -1
                } else if laggingSince >= 0, now - laggingSince > 0.003 {
                    count = maximum
                    laggingSince = -1
                } else if laggingSince < 0 {
                    laggingSince = now
                }
            }
            var status = DeviceStatus.ok
            if count > 0 {
                let n = Swift.min(count, Self.maxFrames)
                clearBus(n)
                for i in 0..<Self.slotCount {
                    withInput(i) { input in mix(input, slot: i, frames: n) }
                }
                status = write(n, now: now, origin: origin)
                let written = MonotonicClock.now()
                lastData = now
                lastWrite = written
                outputLive = true
                silenceWritten = 0
                // The hit's way out: the first coil report after silence, or a motor rising from silence.
                if let reportCounter {
                    let current = reportCounter.reportCount
                    if current > reports {
                        if lastReportTime < 0 || written - lastReportTime > 0.032 {
                            events.push(
                                PadEvent(kind: .outputOnset, time: written, level: Float(bitPattern: peakBits.load(ordering: .relaxed))))
                        }
                        lastReportTime = written
                        reports = current
                    }
                } else {
                    let peak = blockPeak(n)
                    if peak >= 0.05, motorQuiet >= Int(0.1 * rate) { events.push(PadEvent(kind: .outputOnset, time: written, level: peak)) }
                    motorQuiet = peak < 0.01 ? motorQuiet &+ n : 0
                }
            } else if outputLive, now - lastData > Self.inputGap {
                // The sound stopped: silence in real time, so the last report goes out and the motors fall to zero.
                let n = Swift.max(1, Swift.min(Int((now - lastWrite) * rate), Self.maxFrames))
                clearBus(n)
                status = write(n, now: now, origin: origin)
                lastWrite = MonotonicClock.now()
                if silenceWritten == 0 { events.push(PadEvent(kind: .silenced, time: lastWrite)) }
                silenceWritten += n
                motorQuiet = motorQuiet &+ n
                if silenceWritten >= Int(Self.silenceFlush * rate) { outputLive = false }
            }
            epoch.leave()
            switch status {
            case .ok: break
            case .removed:
                events.push(PadEvent(kind: .deviceLost, time: MonotonicClock.now()))
                lost.store(true, ordering: .releasing)
                lossSignal?.signal()
                return
            case .failed(let errno):
                events.push(PadEvent(kind: .deviceLost, time: MonotonicClock.now(), code: errno))
                lost.store(true, ordering: .releasing)
                lossSignal?.signal()
                return
            }
            guard count == 0 else { continue }
            let pause = laggingSince >= 0 ? 0.001 : (outputLive ? 0.005 : 2.0)
            wake.wait(until: now + pause)
        }
    }

    /// Reads `frames` frames of `input` (zeros where it has fewer), notes a hit, and runs its route into the bus.
    @inline(__always)
    private func mix(_ input: BridgeInput, slot: Int, frames n: Int) {
        let (first, got) = input.ring.read(left: left, right: right, frames: n)
        for k in got..<n {
            left[k] = 0
            right[k] = 0
        }
        if got > 0, let hit = input.probe.find(left: left, right: right, count: got),
            let due = input.ring.dueTime(ofFrame: first + hit.frame, sampleRate: Self.sampleRate)
        {
            events.push(PadEvent(kind: .inputOnset, slot: UInt8(slot), time: due, level: hit.level))
        }
        input.processor?.process(left: left, right: right, count: n, into: bus.haptic)
    }

    private func clearBus(_ n: Int) {
        let haptic = bus.haptic
        haptic.amplitude.baseAddress!.update(repeating: 0, count: n)
        haptic.sharpness.baseAddress!.update(repeating: 0, count: n)
        haptic.drive.baseAddress!.update(repeating: 0, count: n)
        haptic.strong.baseAddress!.update(repeating: 0, count: n)
        haptic.weak.baseAddress!.update(repeating: 0, count: n)
        haptic.leftTrigger.baseAddress!.update(repeating: 0, count: n)
        haptic.rightTrigger.baseAddress!.update(repeating: 0, count: n)
    }

    /// Clamps the bus to what the device takes and writes `n` frames, due now.
    private func write(_ n: Int, now: Double, origin: Double) -> DeviceStatus {
        let haptic = bus.haptic
        let low: Float = playsCoils ? -1 : 0
        var peak: Float = 0
        for i in 0..<n {
            haptic.strong[i] = Swift.max(low, Swift.min(1, haptic.strong[i]))
            haptic.weak[i] = Swift.max(low, Swift.min(1, haptic.weak[i]))
            haptic.leftTrigger[i] = Swift.max(0, Swift.min(1, haptic.leftTrigger[i]))
            haptic.rightTrigger[i] = Swift.max(0, Swift.min(1, haptic.rightTrigger[i]))
            haptic.amplitude[i] = Swift.max(0, Swift.min(1, haptic.amplitude[i]))
            peak = Swift.max(peak, abs(haptic.strong[i]), abs(haptic.weak[i]))
        }
        let previous = Float(bitPattern: peakBits.load(ordering: .relaxed))
        peakBits.store(Swift.max(previous, peak).bitPattern, ordering: .relaxed)
        blocks.add(1, ordering: .relaxed)
        // The frame number follows wall time, so a device that paces itself (evdev) finds every block due now and
        // never drifts from the graph's clock.
        let startFrame = Int((now - origin) * Self.sampleRate)
        return device.write(DeviceBlock(frameCount: n, startFrame: startFrame, haptic: haptic, audio: bus.audio))
    }

    private func blockPeak(_ n: Int) -> Float {
        let haptic = bus.haptic
        var peak: Float = 0
        for i in 0..<n {
            peak = Swift.max(peak, haptic.strong[i], haptic.weak[i], haptic.leftTrigger[i], haptic.rightTrigger[i])
        }
        return peak
    }
}

/// A device that sends the pad reports (the DualSense's Bluetooth coil stream, real or simulated): the bridge times a
/// hit's arrival at the pad by the first report written after silence.
package protocol ReportCountingDevice {
    /// Reports written since the device was created.
    var reportCount: Int { get }
}

extension HidrawCoilDevice: ReportCountingDevice {}
extension SimulatedDualSenseCoilDevice: ReportCountingDevice {}
#endif
