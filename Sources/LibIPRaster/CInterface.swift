import CommandCatalog
import Glibc

/// libipraster's C functions (issue 59), declared in `include/ipraster.h`, which documents each. Handles are
/// retained Swift objects (`Unmanaged`); every function checks its pointers, so a NULL handle is answered (NULL, 0
/// or an error result), never a crash. Nothing here throws or traps on input: errors become results.

/// The version string, made once for the life of the process.
nonisolated(unsafe) private let versionText: UnsafeMutablePointer<CChar>? = strdup(CommandSpec.version)

@_cdecl("ipr_version")
public func ipr_version() -> UnsafePointer<CChar>? {
    versionText.map { UnsafePointer($0) }
}

@_cdecl("ipr_renderer_new")
public func ipr_renderer_new() -> UnsafeMutableRawPointer? {
    Unmanaged.passRetained(NativeRenderer()).toOpaque()
}

@_cdecl("ipr_renderer_free")
public func ipr_renderer_free(_ renderer: UnsafeMutableRawPointer?) {
    guard let renderer else { return }
    Unmanaged<NativeRenderer>.fromOpaque(renderer).release()
}

@_cdecl("ipr_render")
public func ipr_render(_ renderer: UnsafeMutableRawPointer?, _ input: UnsafeRawPointer?, _ length: Int,
                       _ options: UnsafePointer<CChar>?) -> UnsafeMutableRawPointer? {
    let result: NativeResult
    if let renderer {
        if input == nil, length != 0 {
            result = NativeResult(error: .init(.usage, "the input is NULL but its length is \(length)", location: "input"))
        } else if length < 0 {
            result = NativeResult(error: .init(.usage, "the input's length is negative", location: "input"))
        } else {
            let bytes = input.map { [UInt8](UnsafeRawBufferPointer(start: $0, count: length)) } ?? []
            let optionBytes = options.map { pointer in [UInt8](UnsafeRawBufferPointer(start: pointer, count: strlen(pointer))) }
            result = Unmanaged<NativeRenderer>.fromOpaque(renderer).takeUnretainedValue().render(bytes, options: optionBytes)
        }
    } else {
        result = NativeResult(error: .init(.usage, "the renderer is NULL", location: "renderer"))
    }
    return Unmanaged.passRetained(result).toOpaque()
}

/// The result behind a handle, nil for NULL.
private func result(_ handle: UnsafeRawPointer?) -> NativeResult? {
    handle.map { Unmanaged<NativeResult>.fromOpaque($0).takeUnretainedValue() }
}

@_cdecl("ipr_result_status")
public func ipr_result_status(_ handle: UnsafeRawPointer?) -> Int32 {
    result(handle)?.status ?? 2
}

@_cdecl("ipr_result_data")
public func ipr_result_data(_ handle: UnsafeRawPointer?, _ length: UnsafeMutablePointer<Int>?) -> UnsafeRawPointer? {
    let value = result(handle)
    length?.pointee = value?.count ?? 0
    return value?.bytes.map { UnsafeRawPointer($0) }
}

@_cdecl("ipr_result_warnings")
public func ipr_result_warnings(_ handle: UnsafeRawPointer?) -> UnsafePointer<CChar>? {
    result(handle)?.warnings.map { UnsafePointer($0) }
}

@_cdecl("ipr_result_layout")
public func ipr_result_layout(_ handle: UnsafeRawPointer?) -> UnsafePointer<CChar>? {
    result(handle)?.layoutText()
}

@_cdecl("ipr_result_annotations")
public func ipr_result_annotations(_ handle: UnsafeRawPointer?) -> UnsafePointer<CChar>? {
    result(handle)?.annotationsText()
}

@_cdecl("ipr_result_error_message")
public func ipr_result_error_message(_ handle: UnsafeRawPointer?) -> UnsafePointer<CChar>? {
    result(handle)?.errorMessage.map { UnsafePointer($0) }
}

@_cdecl("ipr_result_error_location")
public func ipr_result_error_location(_ handle: UnsafeRawPointer?) -> UnsafePointer<CChar>? {
    result(handle)?.errorLocation.map { UnsafePointer($0) }
}

@_cdecl("ipr_result_error_kind")
public func ipr_result_error_kind(_ handle: UnsafeRawPointer?) -> UnsafePointer<CChar>? {
    result(handle)?.errorKind.map { UnsafePointer($0) }
}

@_cdecl("ipr_result_free")
public func ipr_result_free(_ handle: UnsafeMutableRawPointer?) {
    guard let handle else { return }
    Unmanaged<NativeResult>.fromOpaque(handle).release()
}
