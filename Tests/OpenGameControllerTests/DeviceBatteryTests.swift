import Foundation
import HapticDevices
import Testing

@testable import OpenGameController

extension GameControllerSuites {
    /// `GCDeviceBattery` (issue 35, item 3): level and state read from the source each time they are asked.
    @Suite struct DeviceBatteryTests {
        static let pad = ControllerInfo(
            id: "scripted:ds", name: "Scripted DualSense", category: .dualSense, actuators: .twoHandles, hapticDeviceID: "scripted:ds")
        static let wired = ControllerInfo(
            id: "scripted:wired", name: "Scripted Wired Pad", category: .generic, actuators: .twoHandles, hapticDeviceID: "scripted:wired")

        @Test func aPadsBatteryFollowsWhatTheSystemSays() throws {
            let scripted = ScriptedControllerSource([Self.pad, Self.wired])
            scripted.setBattery(PadBattery(level: 0.55, state: .discharging), for: Self.pad.id)
            let registry = ControllerRegistry(source: scripted.source, clock: .manual, watchesHotPlug: false)
            ControllerRegistry.install(registry)
            defer { registry.shutdown() }
            let controllers = GCController.controllers()
            let pad = try #require(controllers.first { $0.vendorName == Self.pad.name })
            let wired = try #require(controllers.first { $0.vendorName == Self.wired.name })
            #expect(wired.battery == nil, "no power_supply for it: no battery")
            scripted.setBattery(PadBattery(level: 0.3, state: .charging), for: Self.wired.id)
            #expect(wired.battery?.batteryLevel == 0.3, "a battery the driver registered later is found when asked")
            #expect(wired.battery === wired.battery)
            let battery = try #require(pad.battery)
            #expect(battery.batteryLevel == 0.55 && battery.batteryState == .discharging)
            scripted.setBattery(PadBattery(level: 1, state: .full), for: Self.pad.id)
            #expect(battery.batteryLevel == 1 && battery.batteryState == .full, "read when asked, not when connected")
            scripted.setBattery(PadBattery(level: 0.9, state: .charging), for: Self.pad.id)
            #expect(battery.batteryState == .charging)
            scripted.setBattery(nil, for: Self.pad.id)
            #expect(battery.batteryLevel == 0 && battery.batteryState == .unknown, "unreadable (the pad just went)")
            #expect(pad.capture().battery == nil, "a snapshot has none")
        }

        @Test func theStatesHaveApplesRawValues() {
            #expect(
                [GCDeviceBattery.State.unknown, .discharging, .charging, .full].map(\.rawValue) == [-1, 0, 1, 2])
            #expect(PadBattery(level: 1.5, state: .full).level == 1 && PadBattery(level: .nan, state: .unknown).level == 0)
        }
    }
}
