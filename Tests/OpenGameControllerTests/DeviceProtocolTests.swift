import Foundation
import Testing

@testable import OpenGameController

/// GameController's `GCDevice` protocol and the current-controller notification names.
extension GameControllerSuites {
    @Suite struct DeviceProtocolTests {
        /// Game code that handles any device through `GCDevice` sees the controller's identity.
        @Test func controllersAreDevices() throws {
            _ = try SimulatedPads(["dualsense", "xbox"])
            let devices: [any GCDevice] = GCController.controllers()
            #expect(devices.map(\.productCategory) == ["DualSense", "Xbox One"])
            #expect(devices.map(\.vendorName) == ["Simulated DualSense Wireless Controller", "Simulated Xbox One Controller"])
        }

        /// GameController's notification names, so observing code compiles and matches Apple's strings.
        @Test func currentControllerNotificationNamesAreGameControllers() {
            #expect(NSNotification.Name.GCControllerDidBecomeCurrent.rawValue == "GCControllerDidBecomeCurrentNotification")
            #expect(
                NSNotification.Name.GCControllerDidStopBeingCurrent.rawValue == "GCControllerDidStopBeingCurrentNotification")
            #expect(NSNotification.Name.GCControllerDidConnect.rawValue == "GCControllerDidConnectNotification")
        }
    }
}
