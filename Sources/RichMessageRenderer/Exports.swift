// The front door: a program that renders rich messages imports this module alone and gets the model, the
// layout values and the painter with it.
@_exported import Document
@_exported import Layout
@_exported import Raster
