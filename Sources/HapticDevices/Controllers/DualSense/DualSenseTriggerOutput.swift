/// Where a DualSense's adaptive-trigger effects go: the pad's hidraw node (HapticLinux's `HidrawTriggerOutput`) or a
/// simulated pad's record (HapticLinux's `SimulatedDualSenseTriggers`).
///
/// - Thread safety: implementations take calls from any thread.
/// - Real-time safety: none; never called from the render thread.
public protocol DualSenseTriggerOutput: AnyObject, Sendable {
    /// The transport reports are encoded for.
    var transport: DualSenseTransport { get }
    /// Why the triggers cannot be set (hidraw not writable, no hidraw node), or `nil` while they can.
    var problem: String? { get }
    /// Writes one report applying `left` and `right`; a `nil` side keeps its effect.
    ///
    /// - Throws: ``DeviceError`` when the report cannot be written (then ``problem`` says why).
    func apply(left: DualSenseTriggerEffect?, right: DualSenseTriggerEffect?) throws(DeviceError)
    /// The pad is gone: nothing is written from now on (a node number the kernel gives the next device must never
    /// receive this pad's reports); later writes throw ``DeviceError/Code/removed``.
    func disconnect()
    /// What the pad's latest input report says about its triggers (stop locations, statuses, running effects), or
    /// `nil` when none can be read (no read access, a pad that sends none, a simulated pad not given one).
    func latestInput() -> DualSenseTriggerFeedback?
}
