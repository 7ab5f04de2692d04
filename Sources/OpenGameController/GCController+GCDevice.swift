// GCController's own vendorName, productCategory, handlerQueue and physicalInputProfile satisfy the protocol, as in
// Apple's framework.
extension GCController: GCDevice {}
