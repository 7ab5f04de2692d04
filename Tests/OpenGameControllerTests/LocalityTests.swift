import Foundation
import OpenGameController
import Testing

/// Apple's names and values, so stored or compared localities keep working.
struct LocalityTests {
    @Test func localitiesHaveApplesRawValues() {
        #expect(GCHapticsLocality.default.rawValue == "Default")
        #expect(GCHapticsLocality.all.rawValue == "All")
        #expect(GCHapticsLocality.handles.rawValue == "Handles")
        #expect(GCHapticsLocality.leftHandle.rawValue == "Left Handle")
        #expect(GCHapticsLocality.rightHandle.rawValue == "Right Handle")
        #expect(GCHapticsLocality.triggers.rawValue == "Triggers")
        #expect(GCHapticsLocality.leftTrigger.rawValue == "Left Trigger")
        #expect(GCHapticsLocality.rightTrigger.rawValue == "Right Trigger")
        #expect(GCHapticsLocality(rawValue: "Left Handle") == .leftHandle)
    }

    @Test func constantsHaveApplesValues() {
        #expect(GCHapticDurationInfinite == 1_000_000)
        #expect(GCControllerPlayerIndex.indexUnset.rawValue == -1)
        #expect(GCControllerPlayerIndex.index1.rawValue == 0 && GCControllerPlayerIndex.index4.rawValue == 3)
        #expect(NSNotificationNameRawValues.connect == "GCControllerDidConnectNotification")
        #expect(NSNotificationNameRawValues.disconnect == "GCControllerDidDisconnectNotification")
    }
}

private enum NSNotificationNameRawValues {
    static let connect = NSNotification.Name.GCControllerDidConnect.rawValue
    static let disconnect = NSNotification.Name.GCControllerDidDisconnect.rawValue
}
