// The only C-facing surface for libcurl. Swift cannot call the variadic `curl_easy_setopt`,
// `curl_multi_setopt` and `curl_easy_getinfo`, so each argument type gets a typed wrapper.
#ifndef CASCADE_CCURL_SHIM_H
#define CASCADE_CCURL_SHIM_H

#include <curl/curl.h>
#include <sys/types.h>
#include <unistd.h>
#include <sys/syscall.h>
#include <sys/eventfd.h>

typedef size_t (*ccurl_data_callback)(char *, size_t, size_t, void *);

static inline CURLcode ccurl_easy_setopt_long(CURL *handle, CURLoption option, long value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode ccurl_easy_setopt_off_t(CURL *handle, CURLoption option,
                                               curl_off_t value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode ccurl_easy_setopt_string(CURL *handle, CURLoption option,
                                                const char *value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode ccurl_easy_setopt_pointer(CURL *handle, CURLoption option, void *value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode ccurl_easy_setopt_slist(CURL *handle, CURLoption option,
                                               struct curl_slist *value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode ccurl_easy_setopt_callback(CURL *handle, CURLoption option,
                                                  ccurl_data_callback value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLMcode ccurl_multi_setopt_long(CURLM *multi, CURLMoption option, long value) {
  return curl_multi_setopt(multi, option, value);
}

static inline CURLcode ccurl_easy_getinfo_long(CURL *handle, CURLINFO info, long *value) {
  return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode ccurl_easy_getinfo_off_t(CURL *handle, CURLINFO info, curl_off_t *value) {
  return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode ccurl_easy_getinfo_string(CURL *handle, CURLINFO info,
                                                 const char **value) {
  char *text = NULL;
  CURLcode code = curl_easy_getinfo(handle, info, &text);
  *value = text;
  return code;
}

static inline CURLcode ccurl_easy_getinfo_pointer(CURL *handle, CURLINFO info, void **value) {
  return curl_easy_getinfo(handle, info, value);
}

/// `CURL_WRITEFUNC_PAUSE` is a macro of an expression Swift does not import.
static inline size_t ccurl_writefunc_pause(void) { return CURL_WRITEFUNC_PAUSE; }

/// The calling thread's kernel id, so a test can check that the loop's thread has ended.
static inline long ccurl_thread_id(void) { return (long)syscall(SYS_gettid); }

#endif
