/* SPDX-License-Identifier: GPL-2.0-only */
// target_port.h - a target socket that hands each b_transport straight to
// one member function of its module.
//
// tlm_utils' simple and multi-passthrough target sockets reach the module
// through a process object that can also turn b_transport into
// nb_transport calls and back: a virtual thunk, a test of which callback
// was registered and a call through a member pointer, ~25 instructions a
// hop. Every DRAM access of a core with its caches off makes four hops
// (cluster port, CCI, bus, DRAM), ~60k accesses a simulated second under
// IKS, and the models here are loosely timed: they take b_transport only.
// A TargetPort is the forward interface itself, so a hop is one virtual
// call into the function named at compile time.
//
//   TargetPort<&Memory::b_transport, &Memory::transport_dbg> from_bus{"from_bus", this};
//
// B is void (M::*)(gp&, sc_time&), or void (M::*)(int, gp&, sc_time&) for a
// tagged port, which passes the id given at construction (the CCI's slave
// interfaces); D likewise returns unsigned, or is nullptr for a target
// without debug access. One or more initiators bind a port (a cluster's
// cores share its port); an unbound one fails elaboration, as tlm_utils'
// sockets do. nb_transport_fw is a model error (no
// initiator in blsim calls it); no DMI is offered, so every access stays
// timed.
#pragma once

#include <systemc>
#include <tlm>

#include <cstddef>
#include <type_traits>

#include "models/common/report.h"

template <typename F> struct TargetPortTraits;
template <typename M, typename R, typename... A>
struct TargetPortTraits<R (M::*)(A...)> { using Module = M; };

template <auto B, auto D>
class TargetPort
    : public tlm::tlm_target_socket<32, tlm::tlm_base_protocol_types, 0, sc_core::SC_ONE_OR_MORE_BOUND>,
      private tlm::tlm_fw_transport_if<> {
  using M = typename TargetPortTraits<decltype(B)>::Module;
  using Socket =
      tlm::tlm_target_socket<32, tlm::tlm_base_protocol_types, 0, sc_core::SC_ONE_OR_MORE_BOUND>;

 public:
  TargetPort(const char* name, M* m, int id = 0) : Socket(name), m_(m), id_(id) {
    Socket::bind(static_cast<tlm::tlm_fw_transport_if<>&>(*this));
  }

 private:
  void b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay) override {
    if constexpr (std::is_invocable_v<decltype(B), M*, int, tlm::tlm_generic_payload&,
                                      sc_core::sc_time&>)
      (m_->*B)(id_, gp, delay);
    else
      (m_->*B)(gp, delay);
  }
  unsigned transport_dbg(tlm::tlm_generic_payload& gp) override {
    if constexpr (std::is_same_v<decltype(D), std::nullptr_t>)
      return 0;  // no debug access: nothing read or written
    else if constexpr (std::is_invocable_v<decltype(D), M*, int, tlm::tlm_generic_payload&>)
      return (m_->*D)(id_, gp);
    else
      return (m_->*D)(gp);
  }
  tlm::tlm_sync_enum nb_transport_fw(tlm::tlm_generic_payload&, tlm::tlm_phase&,
                                     sc_core::sc_time&) override {
    model_error(name(), "nb_transport_fw: this target takes b_transport only");
    return tlm::TLM_COMPLETED;
  }
  bool get_direct_mem_ptr(tlm::tlm_generic_payload&, tlm::tlm_dmi& dmi) override {
    dmi.allow_none();
    return false;
  }

  M* m_;
  int id_;
};
