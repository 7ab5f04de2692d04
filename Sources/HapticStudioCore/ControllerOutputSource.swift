import OpenCoreHaptics
import OpenGameController

/// The game controllers' localities as studio outputs: one entry per controller and locality it supports
/// (`controller:<n>/<locality>`, `n` its number in `GCController.controllers()` from 1), played through the engine
/// `GCDeviceHaptics.createEngine(withLocality:)` makes — so a designer feels a pattern on a pad's left handle alone, or
/// on a simulated one (`HAPTIC_CONTROLLERS`).
package struct ControllerOutputSource: StudioOutputSource {
    /// The localities offered, in order, with their names.
    static let localities: [(String, GCHapticsLocality)] = [
        ("default", .default), ("leftHandle", .leftHandle), ("rightHandle", .rightHandle), ("triggers", .triggers),
        ("leftTrigger", .leftTrigger), ("rightTrigger", .rightTrigger), ("all", .all),
    ]

    /// Where controllers come from (`nil`: the process's, as `GCController.controllers()` sees them).
    private let registry: ControllerRegistry?

    /// Creates the source over `registry` (tests), else the process's controllers.
    package init(registry: ControllerRegistry? = nil) { self.registry = registry }

    private func controllers() -> [GCController] { (registry ?? ControllerRegistry.current).controllers() }

    /// Every connected controller's supported localities.
    package func outputs() -> [StudioOutput] {
        var list: [StudioOutput] = []
        for (index, controller) in controllers().enumerated() {
            guard let haptics = controller.haptics else { continue }
            let name = controller.vendorName ?? controller.productCategory
            for (localityName, locality) in Self.localities where haptics.supportedLocalities.contains(locality) {
                list.append(
                    StudioOutput(
                        id: "controller:\(index + 1)/\(localityName)", label: "\(name) — \(locality.rawValue)", kind: "controller",
                        profile: controller.productCategory))
            }
        }
        return list
    }

    /// The locality engine `id` names, or `nil` for IDs that are not controllers'.
    package func makeEngine(for id: String) throws(StudioError) -> CHHapticEngine? {
        guard id.hasPrefix("controller:") else { return nil }
        let parts = id.dropFirst("controller:".count).split(separator: "/", maxSplits: 1)
        let controllers = controllers()
        guard parts.count == 2, let number = Int(parts[0]), number >= 1, number <= controllers.count,
            let locality = Self.localities.first(where: { $0.0 == parts[1] })?.1
        else { throw StudioError("no game controller output '\(id)' (the controllers may have changed: list the outputs again)") }
        guard let engine = controllers[number - 1].haptics?.createEngine(withLocality: locality) else {
            throw StudioError("'\(id)': the controller cannot play there now (disconnected, or no such actuators)")
        }
        return engine
    }
}
