import HapticDevices
import HapticSystem

/// A simulated DualSense's adaptive triggers: every report is encoded as the real pad would receive it, kept, and
/// decoded back, so tests read both the bytes and each trigger's current effect.
///
///     let triggers = SimulatedDualSenseTriggers(transport: .bluetooth)
///     try triggers.apply(left: nil, right: .off)
///     triggers.right   // .off
///
/// The record lives as long as any reference to it does, so a test can keep it past the controller that wrote to it
/// (to see the triggers turned off when the controller goes away).
public final class SimulatedDualSenseTriggers: DualSenseTriggerOutput {
    /// The transport the reports are encoded for.
    public let transport: DualSenseTransport
    private let state: LockedState<State>

    private struct State {
        var encoder: DualSenseOutputReport.Encoder
        var reports: [[UInt8]] = []
        var left: DualSenseTriggerEffect = .off
        var right: DualSenseTriggerEffect = .off
        var failure: DeviceError?
        var input: DualSenseInputReport?
    }

    /// The most reports kept (the oldest are dropped beyond it).
    public static let maxReports = 4_096

    /// Simulated triggers whose reports are encoded for `transport`.
    public init(transport: DualSenseTransport = .usb) {
        self.transport = transport
        state = LockedState(State(encoder: DualSenseOutputReport.Encoder(transport: transport)))
    }

    /// `nil`, unless ``failWrites(with:)`` set a failure.
    public var problem: String? { state.withLock { $0.failure?.message } }

    /// Encodes and keeps one report; the sides it carries take effect.
    ///
    /// - Throws: the failure ``failWrites(with:)`` set.
    public func apply(left: DualSenseTriggerEffect?, right: DualSenseTriggerEffect?) throws(DeviceError) {
        let failure = state.withLock { s -> DeviceError? in
            if let failure = s.failure { return failure }
            s.reports.append(s.encoder.encode(left: left, right: right))
            if s.reports.count > Self.maxReports { s.reports.removeFirst() }
            if let left { s.left = left }
            if let right { s.right = right }
            return nil
        }
        if let failure { throw failure }
    }

    /// The simulated pad is gone: later writes throw `DeviceError.Code.removed`.
    public func disconnect() {
        state.withLock { $0.failure = DeviceError(.removed, "the simulated DualSense was disconnected") }
    }

    /// The trigger state of the input report given by ``feedInput(_:)``, if any.
    public func latestInput() -> DualSenseTriggerFeedback? { state.withLock { $0.input?.triggers } }

    /// Sets what the simulated pad reports about its triggers (tests).
    public func feedInput(_ report: DualSenseInputReport?) { state.withLock { $0.input = report } }

    /// Makes every later write fail with `error` (a pad whose hidraw node is not writable), or succeed again (`nil`).
    public func failWrites(with error: DeviceError?) { state.withLock { $0.failure = error } }

    /// The reports written, oldest first, as the pad would receive them.
    public var reports: [[UInt8]] { state.withLock { $0.reports } }
    /// The left trigger's current effect.
    public var left: DualSenseTriggerEffect { state.withLock { $0.left } }
    /// The right trigger's current effect.
    public var right: DualSenseTriggerEffect { state.withLock { $0.right } }
}
