// Slide for Reddit's own settings, as its HapticUtility reads them (compatibility corpus gate only).

/// The app's settings.
enum SettingValues {
    /// Whether the user turned haptic feedback on.
    static var hapticFeedback = true
}
