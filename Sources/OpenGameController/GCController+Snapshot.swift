import HapticDevices

extension GCController {
    /// The identity of a snapshot controller a game makes (`vendorName` "Snapshot", category HID).
    static var snapshotInfo: ControllerInfo {
        ControllerInfo(id: "snapshot", name: "Snapshot", category: .generic, actuators: [], hapticDeviceID: "")
    }
}

/// The source a snapshot's profile is made from: nothing to discover, no device, triggers that write nothing.
extension ControllerSource {
    static let snapshot = ControllerSource(
        discover: { Discovery(controllers: []) },
        makeDevice: { info in throw DeviceError(.unsupported, "\(info.name): a snapshot controller has no haptics") })
}
