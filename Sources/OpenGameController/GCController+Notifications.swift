import Foundation

extension NSNotification.Name {
    /// Posted on `NotificationCenter.default` when a game controller connects; the notification's `object` is the
    /// ``GCController``. Controllers present when the app first uses ``GCController`` are posted too.
    public static let GCControllerDidConnect = NSNotification.Name("GCControllerDidConnectNotification")
    /// Posted on `NotificationCenter.default` when a game controller disconnects; the notification's `object` is the
    /// ``GCController``, whose engines have stopped (their stopped handlers got `.gameControllerDisconnect`).
    public static let GCControllerDidDisconnect = NSNotification.Name("GCControllerDidDisconnectNotification")

    /// Posted on `NotificationCenter.default` when a controller becomes ``GCController/current``; the notification's
    /// `object` is the ``GCController``. The name is GameController's.
    ///
    /// - Note: Not posted yet on Linux: Apple's ``GCController/current`` follows the controller the player last
    ///   used, which needs the pads' input events; here ``GCController/current`` is the controller most recently
    ///   connected, and code that observes this name compiles and receives nothing.
    public static let GCControllerDidBecomeCurrent = NSNotification.Name("GCControllerDidBecomeCurrentNotification")
    /// Posted on `NotificationCenter.default` when a controller stops being ``GCController/current``; the
    /// notification's `object` is the ``GCController``. The name is GameController's.
    ///
    /// - Note: Not posted yet on Linux (see `GCControllerDidBecomeCurrent`).
    public static let GCControllerDidStopBeingCurrent = NSNotification.Name(
        "GCControllerDidStopBeingCurrentNotification")
}
