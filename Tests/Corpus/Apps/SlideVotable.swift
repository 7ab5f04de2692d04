// Slide for Reddit's own colour helper, as its watch Votable uses it (compatibility corpus gate only).
import Foundation
import UIKitStub

extension UIColor {
    /// A colour from `#RRGGBB`.
    convenience init(hexString: String) {
        let value = Int(hexString.dropFirst(), radix: 16) ?? 0
        self.init(
            red: CGFloat((value >> 16) & 0xFF) / 255, green: CGFloat((value >> 8) & 0xFF) / 255, blue: CGFloat(value & 0xFF) / 255,
            alpha: 1)
    }
}
