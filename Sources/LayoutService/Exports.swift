// The layout cache lives in a target of its own (FlowLayout is the pure engine); every file of the
// service sees it, as it saw it when it was part of FlowLayout.
@_exported import LayoutCache
