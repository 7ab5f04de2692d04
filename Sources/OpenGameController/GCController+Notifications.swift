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
    /// Posted once per change of ``GCController/current``, after `GCControllerDidStopBeingCurrent` for the previous
    /// one: when the player presses a button or moves a stick on another pad, when a controller connects (the first
    /// use of ``GCController`` posts the current one of those present), and when the current one disconnects and
    /// another is left. Pressing the current pad again posts nothing.
    public static let GCControllerDidBecomeCurrent = NSNotification.Name("GCControllerDidBecomeCurrentNotification")
    /// Posted on `NotificationCenter.default` when a controller stops being ``GCController/current``; the
    /// notification's `object` is the ``GCController``. The name is GameController's.
    ///
    /// Posted once per change, before `GCControllerDidBecomeCurrent` for the new one; a current controller that
    /// disconnects is posted after its `GCControllerDidDisconnect`.
    public static let GCControllerDidStopBeingCurrent = NSNotification.Name(
        "GCControllerDidStopBeingCurrentNotification")
}
