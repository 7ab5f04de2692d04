// GCController's own vendorName and productCategory satisfy the protocol, as in Apple's framework.
extension GCController: GCDevice {}
