// The layout cache lives in a target of its own (FlowLayout is the pure engine); every file of the
// service sees it, as it saw it when it was part of FlowLayout.
@_exported import LayoutCache
// The wire's machinery: its request and answer types (`RequestText`, `ResponseBody`) are in the
// service's API, so its callers see them too.
@_exported import WireKit
