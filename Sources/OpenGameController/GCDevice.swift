import Foundation

/// What every GameController device has in common: its vendor's name and its product category — the
/// GameController framework's `GCDevice` protocol, which ``GCController`` conforms to.
///
///     func describe(_ device: any GCDevice) -> String {
///         "\(device.vendorName ?? "unknown") (\(device.productCategory))"
///     }
///     GCController.controllers().map(describe)
///
public protocol GCDevice: NSObjectProtocol {
    /// The queue the device's input handlers run on.
    var handlerQueue: DispatchQueue { get set }
    /// The device's physical inputs by name.
    var physicalInputProfile: GCPhysicalInputProfile { get }
    /// The vendor's name for the device, or `nil` when it is not known.
    var vendorName: String? { get }
    /// The kind of device, for example `"DualSense"` or `"Xbox One"`.
    var productCategory: String { get }
}
