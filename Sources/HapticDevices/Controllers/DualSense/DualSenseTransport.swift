/// How a DualSense is connected, which decides the shape of its output reports.
public enum DualSenseTransport: String, Sendable, Hashable, CaseIterable {
    /// USB: output report `0x02`, 63 bytes, no checksum.
    case usb = "USB"
    /// Bluetooth: output report `0x31`, 78 bytes, a 4-bit sequence number and a CRC-32 at the end.
    case bluetooth = "Bluetooth"

    /// The transport of a kernel bus type (`BUS_USB` 3, `BUS_BLUETOOTH` 5), or `nil` for any other bus.
    public init?(busType: UInt16) {
        switch busType {
        case 3: self = .usb
        case 5: self = .bluetooth
        default: return nil
        }
    }
}
