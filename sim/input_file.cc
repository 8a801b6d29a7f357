// SPDX-License-Identifier: GPL-2.0-only
#include "sim/input_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace {

std::string mib(size_t bytes) {
  return bytes % (size_t(1) << 20) ? std::to_string(bytes) + " bytes"
                                   : std::to_string(bytes >> 20) + " MiB";
}

}  // namespace

std::string read_input_file(const std::string& path, std::string* data, const char* open_verb,
                            size_t max_bytes) {
  data->clear();
  // O_NONBLOCK: opening a FIFO must not wait for a writer (without one it
  // reads as empty).
  const int fd = open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) return std::string(open_verb) + ": " + std::strerror(errno);
  struct stat st;
  if (fstat(fd, &st) != 0) {
    const int e = errno;
    close(fd);
    return std::string("cannot read: ") + std::strerror(e);
  }
  // A pipe (`--workload <(gen-workload)`) is read to its end under the cap;
  // a directory or a device (/dev/zero never ends) is refused.
  if (!S_ISREG(st.st_mode) && !S_ISFIFO(st.st_mode)) {
    close(fd);
    return "not a regular file or a pipe";
  }
  if (static_cast<unsigned long long>(st.st_size) > max_bytes) {
    close(fd);
    return "larger than " + mib(max_bytes) + " (" + std::to_string(st.st_size) + " bytes)";
  }
  fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
  if (S_ISREG(st.st_mode)) data->reserve(static_cast<size_t>(st.st_size));
  char buf[65536];
  for (;;) {
    const ssize_t n = read(fd, buf, sizeof buf);
    if (n == 0) break;
    if (n < 0) {
      if (errno == EINTR) continue;
      const int e = errno;
      close(fd);
      data->clear();
      return std::string("cannot read: ") + std::strerror(e);
    }
    data->append(buf, static_cast<size_t>(n));
    // A file that grows while it is read is held to the same cap.
    if (data->size() > max_bytes) {
      close(fd);
      const size_t got = data->size();
      data->clear();
      return "larger than " + mib(max_bytes) + " (at least " + std::to_string(got) + " bytes)";
    }
  }
  close(fd);
  return "";
}
