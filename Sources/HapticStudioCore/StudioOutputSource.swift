import OpenCoreHaptics

/// Something that offers outputs to the studio and makes an engine for one of them.
///
/// The studio plays through engines, not devices, so that a source whose outputs are engines of their own — a game
/// controller's `GCDeviceHaptics.createEngine(withLocality:)`, from `OpenGameController` — fits beside the device
/// IDs of ``DeviceOutputSource`` without changing the server or the page: it lists entries with IDs of its own and
/// returns `nil` from ``makeEngine(for:)`` for IDs it does not own.
package protocol StudioOutputSource: Sendable {
    /// The outputs available now.
    func outputs() -> [StudioOutput]
    /// A new, unstarted engine for `id`, or `nil` when `id` is not this source's.
    ///
    /// - Throws: ``StudioError`` when the output is this source's but cannot be used now.
    func makeEngine(for id: String) throws(StudioError) -> CHHapticEngine?
}
