import HapticSystem

#if os(Linux)
import CHapticSupport
import HapticDevices
import Synchronization

/// What threads other than a node's I/O thread may do to it at once, without waiting for the device, and what they
/// share with it to do so.
///
/// Two things, each one quick `write` through the ``DescriptorGate`` (never an upload):
/// - **Start the armed onset.** The I/O thread keeps a spare effect slot uploaded with the levels the next onset is
///   expected to have (``arm(id:levels:)``). The render thread starts it when its levels rise from silence to those
///   levels; an app's thread starts it when it starts a player whose first event is that onset, from silence
///   (``startOnsetFromApp(levels:system:)``) — then not even a thread switch lies between the API call and the motor.
///   The I/O thread adopts the started slot (``takeStarted()``) and follows the rendered levels from there.
/// - **Scale the gain.** An app that scales the intensity of what plays (an intensity control sent for "now") writes
///   the device's `FF_GAIN` scaled by the same factor (``scaleGain(by:system:)``), so the level changes at the motor
///   before the render thread has rendered it. The I/O thread divides its uploads by the gain ``scale``, so the two
///   stay consistent, and gives the gain back to its setting when the motor stops or an upload needs the headroom.
///
/// The gain is the device's, not one effect's: it scales every effect on the node, also another process's. An
/// engine only moves it while its own level is what plays, and only by what an app asked for.
///
/// - Thread safety: the starting and scaling methods from any thread; the I/O-thread methods from the I/O thread.
/// - Real-time safety: ``startArmedOnset(matching:system:)`` (the render thread's) takes no lock, allocates nothing
///   and makes at most one quick write.
package final class EvdevFastPath: Sendable {
    /// The descriptor as quick writers may use it.
    package let gate = DescriptorGate()
    /// The armed slot (``ArmedSlot/packed``), 0 when nothing is armed.
    private let armed = Atomic<UInt64>(0)
    /// The armed slot some thread started (``ArmedSlot/packed``), for the I/O thread to adopt; 0 when none.
    private let started = Atomic<UInt64>(0)
    private let starts = Atomic<Int>(0)
    private let appStarts = Atomic<Int>(0)
    private let startTimeBits = Atomic<UInt64>(0)
    /// The device gain relative to its setting (`Float` bits): 1, except while it carries an app's intensity scale.
    private let scaleBits = Atomic<UInt32>(Float(1).bitPattern)
    /// The gain setting (0 … 1, `Float` bits), 0 when the node has no `FF_GAIN`.
    private let settingBits = Atomic<UInt32>(0)
    private let scaling = Atomic<Bool>(false)
    private let gainScales = Atomic<Int>(0)
    private let gainTimeBits = Atomic<UInt64>(0)
    private let gainBeganBits = Atomic<UInt64>(0)
    /// Whether the motor plays, as the I/O thread knows it (from a play or an adopted start until a stop).
    private let playingFlag = Atomic<Bool>(false)
    /// Whether the render thread's latest block was silent.
    private let renderSilent = Atomic<Bool>(true)

    /// Nothing armed, gain at its setting.
    package init() {}

    // MARK: Counters (any thread)

    /// Onsets started from the armed slot (no upload on their path), by any thread.
    package var armedStartCount: Int { starts.load(ordering: .relaxed) }
    /// Of those, the ones an app's thread started itself (no thread switch on their path either).
    package var appStartCount: Int { appStarts.load(ordering: .relaxed) }
    /// When the latest armed start's write returned (monotonic seconds; 0 before the first).
    package var lastStartTime: Double { Double(bitPattern: startTimeBits.load(ordering: .relaxed)) }
    /// Intensity scales an app's thread sent as `FF_GAIN` writes.
    package var gainScaleCount: Int { gainScales.load(ordering: .relaxed) }
    /// When the latest of those writes returned (monotonic seconds; 0 before the first).
    package var lastGainScaleTime: Double { Double(bitPattern: gainTimeBits.load(ordering: .relaxed)) }
    /// When the latest of those writes was about to be made (monotonic seconds; 0 before the first): the time from an
    /// API call to here is the engine's own path, the rest the kernel's and the device's.
    package var lastGainScaleBeganTime: Double { Double(bitPattern: gainBeganBits.load(ordering: .relaxed)) }

    // MARK: Any thread

    /// Starts the armed slot when it holds `levels` (within 1/16 of full scale per motor): claims it, writes one
    /// `EV_FF` play event through the gate and leaves it for the I/O thread to adopt. `false` when nothing fitting is
    /// armed, another thread claimed it first, or the gate is closed (the I/O thread is in an upload): the onset then
    /// takes the I/O thread's path.
    @inline(__always)
    package func startArmedOnset(matching levels: MotorLevels, system: any EvdevSystemCalls) -> Bool {
        let slot = armed.load(ordering: .acquiring)
        // Within 1/16 of full scale per motor.
        guard let armedSlot = ArmedSlot(packed: slot), armedSlot.levels.isWithin(4096, of: levels) else { return false }
        guard armed.compareExchange(expected: slot, desired: 0, ordering: .acquiringAndReleasing).exchanged else { return false }
        let id = UInt16(bitPattern: armedSlot.id)
        let written = gate.quickWrite { fd in system.writeEvent(fd, type: UInt16(EV_FF), code: id, value: 1) >= 0 } ?? false
        guard written else {
            _ = armed.compareExchange(expected: 0, desired: slot, ordering: .acquiringAndReleasing)
            return false
        }
        started.store(slot, ordering: .releasing)
        starts.wrappingAdd(1, ordering: .relaxed)
        startTimeBits.store(MonotonicClock.now().bitPattern, ordering: .relaxed)
        return true
    }

    /// An app's thread starts an onset of `levels` itself, from silence: when the motor is idle and the render thread
    /// silent, the armed slot is started now (see ``startArmedOnset(matching:system:)``).
    package func startOnsetFromApp(levels: MotorLevels, system: any EvdevSystemCalls) -> Bool {
        guard renderSilent.load(ordering: .acquiring), !playingFlag.load(ordering: .acquiring) else { return false }
        guard startArmedOnset(matching: levels, system: system) else { return false }
        appStarts.wrappingAdd(1, ordering: .relaxed)
        return true
    }

    /// Scales the device gain by `factor` at once, with one `FF_GAIN` write, while the motor plays. `false` when it
    /// cannot (no `FF_GAIN`, the motor idle, the gain would exceed full scale, the gate closed, another thread
    /// scaling): the caller then hands the scale to the I/O thread.
    package func scaleGain(by factor: Float, system: any EvdevSystemCalls) -> Bool {
        let setting = Float(bitPattern: settingBits.load(ordering: .acquiring))
        guard factor.isFinite, factor >= 0, setting > 0, playingFlag.load(ordering: .acquiring) else { return false }
        guard scaling.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged else { return false }
        defer { scaling.store(false, ordering: .releasing) }
        let written =
            gate.quickWrite { fd -> Bool in
                let scale = Float(bitPattern: scaleBits.load(ordering: .acquiring)) * factor
                let value = (setting * scale * 65535).rounded()
                let began = MonotonicClock.now()
                guard value <= 65535, system.writeEvent(fd, type: UInt16(EV_FF), code: UInt16(FF_GAIN), value: Int32(value)) >= 0
                else { return false }
                scaleBits.store(scale.bitPattern, ordering: .releasing)
                gainBeganBits.store(began.bitPattern, ordering: .relaxed)
                return true
            } ?? false
        if written {
            gainScales.wrappingAdd(1, ordering: .relaxed)
            gainTimeBits.store(MonotonicClock.now().bitPattern, ordering: .relaxed)
        }
        return written
    }

    // MARK: Render thread

    /// Records whether the render thread's latest block was silent.
    @inline(__always)
    package func noteRendered(silent: Bool) { renderSilent.store(silent, ordering: .releasing) }

    // MARK: I/O thread

    /// Opens for a writer: the gain setting (`nil`: the node has no `FF_GAIN`), the scale at 1, nothing armed.
    package func open(descriptor: Int32, gainSetting: Float?) {
        settingBits.store((gainSetting ?? 0).bitPattern, ordering: .releasing)
        scaleBits.store(Float(1).bitPattern, ordering: .releasing)
        armed.store(0, ordering: .releasing)
        started.store(0, ordering: .releasing)
        playingFlag.store(false, ordering: .releasing)
        gate.lend(descriptor)
    }

    /// Closes for the writer that opened with `descriptor`: nothing may be started or scaled any more, and no quick
    /// write is in flight afterwards (the gain setting stays known, so the writer can still give the gain back).
    /// Returns `false`, and leaves the state alone, when a later writer has opened meanwhile (this one outlived its
    /// time, stuck in a call): the state is the successor's.
    package func close(descriptor fd: Int32) -> Bool {
        guard gate.withdraw(fd) else { return false }
        armed.store(0, ordering: .releasing)
        playingFlag.store(false, ordering: .releasing)
        return true
    }

    /// The device gain relative to its setting (the I/O thread divides its uploads by it).
    package var scale: Float { Float(bitPattern: scaleBits.load(ordering: .acquiring)) }

    /// Writes the gain setting times `scale` (in an exclusive section of the gate, so no app scales at the same time).
    ///
    /// The corresponding call is `write(EV_FF, FF_GAIN)`.
    package func setScale(_ scale: Float, descriptor fd: Int32, system: any EvdevSystemCalls) -> Result<Void, SystemCallError> {
        let setting = Float(bitPattern: settingBits.load(ordering: .acquiring))
        guard setting > 0 else { return .success(()) }
        let value = Int32(Swift.min(setting * scale * 65535, 65535).rounded())
        return Result { () throws(SystemCallError) in
            _ = try Posix.syscall("write(FF_GAIN)") { system.writeEvent(fd, type: UInt16(EV_FF), code: UInt16(FF_GAIN), value: value) }
            scaleBits.store(scale.bitPattern, ordering: .releasing)
        }
    }

    /// Whether the motor plays, as the I/O thread last said.
    package var isPlaying: Bool {
        get { playingFlag.load(ordering: .acquiring) }
        set { playingFlag.store(newValue, ordering: .releasing) }
    }

    /// What the armed slot holds, `nil` when nothing is armed.
    package var armedSlot: ArmedSlot? { ArmedSlot(packed: armed.load(ordering: .acquiring)) }

    /// Arms `slot`.
    package func arm(_ slot: ArmedSlot) {
        armed.store(slot.packed, ordering: .releasing)
    }

    /// Disarms `slot` (as ``armedSlot`` read it) before it is rewritten; `false` when some thread has just started it
    /// (adopt it instead).
    package func disarm(_ slot: ArmedSlot?) -> Bool {
        guard let slot else { return true }
        return armed.compareExchange(expected: slot.packed, desired: 0, ordering: .acquiringAndReleasing).exchanged
    }

    /// The armed slot a thread started since the last call, if any.
    package func takeStarted() -> ArmedSlot? {
        ArmedSlot(packed: started.exchange(0, ordering: .acquiringAndReleasing))
    }
}
#endif
