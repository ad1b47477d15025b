// The layout cache lives in a target of its own (FlowLayout is the pure engine); every file of the
// service sees it, as it saw it when it was part of FlowLayout.
@_exported import LayoutCache
// The two wire types in the service's own API (`ServiceRequest.path`, `ServiceResponse.body`); the rest
// of WireKit stays the service's business.
@_exported import struct WireKit.RequestText
@_exported import struct WireKit.ResponseBody
