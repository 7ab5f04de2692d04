import CGameControllerWrapper
import OpenGameController

// Button glyphs: Apple's GameControllerWrapper_GetSymbolForInputName (GameControllerWrapper.h).

/// A PNG glyph of one of a controller's inputs, drawn by the library (Apple's plug-in renders SF Symbols,
/// which Linux does not have); all zero for an unknown controller or an input it does not have.
///
/// `renderingMode` 2 (always template) draws an outline; 0 and 1 a filled disc. Apple's C# declares the scale and
/// mode as 32-bit enums, so they are `Int32` here (Apple's Swift takes `Int`).
@_cdecl("GameControllerWrapper_GetSymbolForInputName")
public func GameControllerWrapper_GetSymbolForInputName(
    _ uniqueId: UnsafePointer<CChar>?, _ inputName: Int32, _ symbolScale: Int32, _ renderingMode: Int32
) -> GCWGetSymbolForInputNameResponse {
    guard let controller = ControllerIDs.shared.controller(uniqueId), let pad = controller.extendedGamepad else {
        return GCWGetSymbolForInputNameResponse()
    }
    // The d-pad directions (24-27) are the d-pad's; every other name must be an element the pad has.
    let present = (24...27).contains(inputName) || InputElements.element(inputName, of: pad) != nil
    guard present else { return GCWGetSymbolForInputNameResponse() }
    let layout: ButtonGlyphs.Layout =
        switch controller.productCategory {
        case "DualSense", "DualShock 4": .playStation
        case "Xbox One": .xbox
        default: .generic
        }
    guard let glyph = ButtonGlyphs.shared.glyph(name: inputName, layout: layout, scale: symbolScale, template: renderingMode == 2)
    else { return GCWGetSymbolForInputNameResponse() }
    return GCWGetSymbolForInputNameResponse(
        width: Int32(glyph.size), height: Int32(glyph.size), data: glyph.bytes.baseAddress, dataLength: Int32(glyph.bytes.count))
}
