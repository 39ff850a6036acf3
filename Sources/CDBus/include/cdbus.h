// The part of libdbus-1's C API the BlueZ module uses, declared here (from the D-Bus specification and
// libdbus's documented ABI) so that building needs no -dev package: libdbus-1.so.3 is loaded at first use.
#ifndef CDBUS_H
#define CDBUS_H

#include <stdint.h>

typedef struct CDBusConnection CDBusConnection;
typedef struct CDBusMessage CDBusMessage;
typedef struct CDBusPendingCall CDBusPendingCall;

/// libdbus's DBusError: name and message are set when an error is.
typedef struct {
    const char *_Nullable name;
    const char *_Nullable message;
    unsigned int flags;
    void *_Nullable padding;
} CDBusError;

/// Room for libdbus's DBusMessageIter (72 bytes on 64-bit platforms), with some to spare.
typedef struct {
    void *_Nullable opaque[16];
} CDBusMessageIter;

enum {
    CDBUS_BUS_SYSTEM = 1,
    CDBUS_HANDLER_RESULT_HANDLED = 0,
    CDBUS_HANDLER_RESULT_NOT_YET_HANDLED = 1,
    CDBUS_MESSAGE_TYPE_METHOD_CALL = 1,
    CDBUS_MESSAGE_TYPE_METHOD_RETURN = 2,
    CDBUS_MESSAGE_TYPE_ERROR = 3,
    CDBUS_MESSAGE_TYPE_SIGNAL = 4,
    CDBUS_TIMEOUT_INFINITE = 0x7fffffff,
    CDBUS_DISPATCH_DATA_REMAINS = 0,
};

typedef int (*CDBusFilter)(CDBusConnection *_Nonnull, CDBusMessage *_Nonnull, void *_Nullable);
typedef void (*CDBusPendingNotify)(CDBusPendingCall *_Nonnull, void *_Nullable);
typedef void (*CDBusFree)(void *_Nullable);
typedef void (*CDBusWakeupMain)(void *_Nullable);

/// The libdbus functions used, loaded from libdbus-1.so.3.
typedef struct {
    void (*_Nonnull error_init)(CDBusError *_Nonnull);
    void (*_Nonnull error_free)(CDBusError *_Nonnull);
    CDBusConnection *_Nullable (*_Nonnull bus_get_private)(int, CDBusError *_Nonnull);
    CDBusConnection *_Nullable (*_Nonnull connection_open_private)(const char *_Nonnull, CDBusError *_Nonnull);
    uint32_t (*_Nonnull bus_register)(CDBusConnection *_Nonnull, CDBusError *_Nonnull);
    const char *_Nullable (*_Nonnull bus_get_unique_name)(CDBusConnection *_Nonnull);
    void (*_Nonnull bus_add_match)(CDBusConnection *_Nonnull, const char *_Nonnull, CDBusError *_Nullable);
    void (*_Nonnull connection_set_exit_on_disconnect)(CDBusConnection *_Nonnull, uint32_t);
    void (*_Nonnull connection_close)(CDBusConnection *_Nonnull);
    void (*_Nonnull connection_unref)(CDBusConnection *_Nonnull);
    uint32_t (*_Nonnull connection_add_filter)(
        CDBusConnection *_Nonnull, CDBusFilter _Nonnull, void *_Nullable, void (*_Nullable)(void *_Nullable));
    uint32_t (*_Nonnull connection_get_unix_fd)(CDBusConnection *_Nonnull, int *_Nonnull);
    void (*_Nonnull connection_set_wakeup_main_function)(
        CDBusConnection *_Nonnull, CDBusWakeupMain _Nullable, void *_Nullable, CDBusFree _Nullable);
    uint32_t (*_Nonnull connection_read_write)(CDBusConnection *_Nonnull, int);
    int (*_Nonnull connection_dispatch)(CDBusConnection *_Nonnull);
    uint32_t (*_Nonnull connection_has_messages_to_send)(CDBusConnection *_Nonnull);
    uint32_t (*_Nonnull connection_send)(CDBusConnection *_Nonnull, CDBusMessage *_Nonnull, uint32_t *_Nullable);
    void (*_Nonnull connection_flush)(CDBusConnection *_Nonnull);
    uint32_t (*_Nonnull connection_send_with_reply)(
        CDBusConnection *_Nonnull, CDBusMessage *_Nonnull, CDBusPendingCall *_Nullable *_Nonnull, int);
    uint32_t (*_Nonnull pending_call_set_notify)(
        CDBusPendingCall *_Nonnull, CDBusPendingNotify _Nonnull, void *_Nullable, CDBusFree _Nullable);
    uint32_t (*_Nonnull pending_call_get_completed)(CDBusPendingCall *_Nonnull);
    CDBusMessage *_Nullable (*_Nonnull pending_call_steal_reply)(CDBusPendingCall *_Nonnull);
    void (*_Nonnull pending_call_cancel)(CDBusPendingCall *_Nonnull);
    void (*_Nonnull pending_call_unref)(CDBusPendingCall *_Nonnull);
    uint32_t (*_Nonnull set_error_from_message)(CDBusError *_Nonnull, CDBusMessage *_Nonnull);
    CDBusMessage *_Nullable (*_Nonnull message_new_method_call)(
        const char *_Nullable, const char *_Nonnull, const char *_Nullable, const char *_Nonnull);
    CDBusMessage *_Nullable (*_Nonnull message_new_method_return)(CDBusMessage *_Nonnull);
    CDBusMessage *_Nullable (*_Nonnull message_new_error)(
        CDBusMessage *_Nonnull, const char *_Nonnull, const char *_Nullable);
    CDBusMessage *_Nullable (*_Nonnull message_new_signal)(
        const char *_Nonnull, const char *_Nonnull, const char *_Nonnull);
    CDBusMessage *_Nonnull (*_Nonnull message_ref)(CDBusMessage *_Nonnull);
    void (*_Nonnull message_unref)(CDBusMessage *_Nonnull);
    int (*_Nonnull message_get_type)(CDBusMessage *_Nonnull);
    unsigned int (*_Nonnull message_get_no_reply)(CDBusMessage *_Nonnull);
    const char *_Nullable (*_Nonnull message_get_path)(CDBusMessage *_Nonnull);
    const char *_Nullable (*_Nonnull message_get_interface)(CDBusMessage *_Nonnull);
    const char *_Nullable (*_Nonnull message_get_member)(CDBusMessage *_Nonnull);
    const char *_Nullable (*_Nonnull message_get_sender)(CDBusMessage *_Nonnull);
    uint32_t (*_Nonnull message_iter_init)(CDBusMessage *_Nonnull, CDBusMessageIter *_Nonnull);
    void (*_Nonnull message_iter_init_append)(CDBusMessage *_Nonnull, CDBusMessageIter *_Nonnull);
    int (*_Nonnull message_iter_get_arg_type)(CDBusMessageIter *_Nonnull);
    uint32_t (*_Nonnull message_iter_next)(CDBusMessageIter *_Nonnull);
    void (*_Nonnull message_iter_recurse)(CDBusMessageIter *_Nonnull, CDBusMessageIter *_Nonnull);
    void (*_Nonnull message_iter_get_basic)(CDBusMessageIter *_Nonnull, void *_Nonnull);
    uint32_t (*_Nonnull message_iter_append_basic)(CDBusMessageIter *_Nonnull, int, const void *_Nonnull);
    uint32_t (*_Nonnull message_iter_open_container)(
        CDBusMessageIter *_Nonnull, int, const char *_Nullable, CDBusMessageIter *_Nonnull);
    uint32_t (*_Nonnull message_iter_close_container)(CDBusMessageIter *_Nonnull, CDBusMessageIter *_Nonnull);
} CDBusAPI;

/// Loads libdbus-1.so.3 once; the functions, or NULL when the library or one of them is missing.
const CDBusAPI *_Nullable cdbus_api(void);

#endif
