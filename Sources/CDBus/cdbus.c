// Loads libdbus-1.so.3 at first use and fills the function table cdbus.h declares.
#include "cdbus.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>

static CDBusAPI api;
static const CDBusAPI *loaded;
static pthread_once_t once = PTHREAD_ONCE_INIT;

#define LOAD(field, symbol)                                                                                          \
    do {                                                                                                             \
        void *address = dlsym(library, symbol);                                                                      \
        if (address == NULL) return;                                                                                 \
        *(void **)&api.field = address;                                                                              \
    } while (0)

static void load(void) {
    void *library = dlopen("libdbus-1.so.3", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) return;
    int (*threads_init)(void) = NULL;
    *(void **)&threads_init = dlsym(library, "dbus_threads_init_default");
    if (threads_init == NULL || !threads_init()) return;
    LOAD(error_init, "dbus_error_init");
    LOAD(error_free, "dbus_error_free");
    LOAD(bus_get_private, "dbus_bus_get_private");
    LOAD(connection_open_private, "dbus_connection_open_private");
    LOAD(bus_register, "dbus_bus_register");
    LOAD(bus_get_unique_name, "dbus_bus_get_unique_name");
    LOAD(bus_add_match, "dbus_bus_add_match");
    LOAD(connection_set_exit_on_disconnect, "dbus_connection_set_exit_on_disconnect");
    LOAD(connection_close, "dbus_connection_close");
    LOAD(connection_unref, "dbus_connection_unref");
    LOAD(connection_add_filter, "dbus_connection_add_filter");
    LOAD(connection_get_unix_fd, "dbus_connection_get_unix_fd");
    LOAD(connection_set_wakeup_main_function, "dbus_connection_set_wakeup_main_function");
    LOAD(connection_read_write, "dbus_connection_read_write");
    LOAD(connection_dispatch, "dbus_connection_dispatch");
    LOAD(connection_has_messages_to_send, "dbus_connection_has_messages_to_send");
    LOAD(connection_send, "dbus_connection_send");
    LOAD(connection_flush, "dbus_connection_flush");
    LOAD(connection_send_with_reply, "dbus_connection_send_with_reply");
    LOAD(pending_call_set_notify, "dbus_pending_call_set_notify");
    LOAD(pending_call_get_completed, "dbus_pending_call_get_completed");
    LOAD(pending_call_steal_reply, "dbus_pending_call_steal_reply");
    LOAD(pending_call_cancel, "dbus_pending_call_cancel");
    LOAD(pending_call_unref, "dbus_pending_call_unref");
    LOAD(set_error_from_message, "dbus_set_error_from_message");
    LOAD(message_new_method_call, "dbus_message_new_method_call");
    LOAD(message_new_method_return, "dbus_message_new_method_return");
    LOAD(message_new_error, "dbus_message_new_error");
    LOAD(message_new_signal, "dbus_message_new_signal");
    LOAD(message_ref, "dbus_message_ref");
    LOAD(message_unref, "dbus_message_unref");
    LOAD(message_get_type, "dbus_message_get_type");
    LOAD(message_get_no_reply, "dbus_message_get_no_reply");
    LOAD(message_get_path, "dbus_message_get_path");
    LOAD(message_get_interface, "dbus_message_get_interface");
    LOAD(message_get_member, "dbus_message_get_member");
    LOAD(message_get_sender, "dbus_message_get_sender");
    LOAD(message_iter_init, "dbus_message_iter_init");
    LOAD(message_iter_init_append, "dbus_message_iter_init_append");
    LOAD(message_iter_get_arg_type, "dbus_message_iter_get_arg_type");
    LOAD(message_iter_next, "dbus_message_iter_next");
    LOAD(message_iter_recurse, "dbus_message_iter_recurse");
    LOAD(message_iter_get_basic, "dbus_message_iter_get_basic");
    LOAD(message_iter_append_basic, "dbus_message_iter_append_basic");
    LOAD(message_iter_open_container, "dbus_message_iter_open_container");
    LOAD(message_iter_close_container, "dbus_message_iter_close_container");
    loaded = &api;
}

const CDBusAPI *cdbus_api(void) {
    pthread_once(&once, load);
    return loaded;
}
