/// What kind of game controller a device is, from its USB vendor and product IDs, with Apple's
/// `GCController.productCategory` strings.
///
///     ControllerCategory(vendorID: 0x054C, productID: 0x0CE6)   // .dualSense
public enum ControllerCategory: String, Sendable, Hashable, CaseIterable {
    /// Sony DualSense (PS5), `"DualSense"`.
    case dualSense = "DualSense"
    /// Sony DualShock 4 (PS4), `"DualShock 4"`.
    case dualShock4 = "DualShock 4"
    /// Microsoft Xbox One / Series controllers, `"Xbox One"`.
    case xboxOne = "Xbox One"
    /// Nintendo Switch Pro Controller, `"Switch Pro Controller"`.
    case switchPro = "Switch Pro Controller"
    /// Any other gamepad, `"HID"` (Apple's category for generic HID game controllers).
    case generic = "HID"

    /// The category of the device with these IDs; ``generic`` for IDs not in the table.
    public init(vendorID: UInt16, productID: UInt16) {
        switch (vendorID, productID) {
        case (0x054C, 0x0CE6), (0x054C, 0x0DF2): self = .dualSense  // DualSense, DualSense Edge
        case (0x054C, 0x05C4), (0x054C, 0x09CC), (0x054C, 0x0BA0): self = .dualShock4  // DS4 v1, v2, USB wireless adaptor
        case (0x045E, _): self = Self.microsoftGamepads.contains(productID) ? .xboxOne : .generic
        case (0x057E, 0x2009): self = .switchPro
        default: self = .generic
        }
    }

    /// Microsoft product IDs of Xbox One and Series controllers (USB and Bluetooth), as the kernel's `xpad` and
    /// `hid-microsoft` drivers list them.
    private static let microsoftGamepads: Set<UInt16> = [
        0x02D1, 0x02DD, 0x02E3, 0x02EA, 0x0B00, 0x0B05, 0x0B12, 0x0B13, 0x0B20, 0x0B22, 0x02E0, 0x02FD, 0x0B21,
    ]
}
