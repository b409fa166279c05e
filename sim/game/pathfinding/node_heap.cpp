#include "sim/game/pathfinding/node_heap.h"

#include <limits>

#include "sim/core/check.h"

namespace hz {

void NodeHeap::place(int slot, int node) {
  heap_[slot] = node;
  nodes_[node].heap_index = slot;
}

void NodeHeap::insert(int node) {
  HZ_CHECK(nodes_[node].heap_index < 0);
  heap_.push_back(node);
  place(size() - 1, node);
  up_heap(size() - 1);
}

void NodeHeap::clear() {
  for (int node : heap_) nodes_[node].heap_index = -1;
  heap_.clear();
}

int NodeHeap::pop() {
  const int top = heap_[0];
  const int last = heap_.back();
  heap_.pop_back();
  if (!heap_.empty()) {
    place(0, last);
    down_heap(0);
  }
  nodes_[top].heap_index = -1;
  return top;
}

void NodeHeap::change_cost(int node, float f) {
  const float old = nodes_[node].f;
  nodes_[node].f = f;
  if (f < old) up_heap(nodes_[node].heap_index);
  else down_heap(nodes_[node].heap_index);
}

// A node moves up only past parents with a strictly larger f: equal keys keep their places.
void NodeHeap::up_heap(int slot) {
  const int node = heap_[slot];
  const float f = nodes_[node].f;
  while (slot > 0) {
    const int parent = (slot - 1) >> 1;
    if (!(f < nodes_[heap_[parent]].f)) break;
    place(slot, heap_[parent]);
    slot = parent;
  }
  place(slot, node);
}

// The left child wins only when strictly smaller than the right one; a missing right child
// counts as +infinity. A node moves down only past children with a strictly smaller f.
void NodeHeap::down_heap(int slot) {
  const int node = heap_[slot];
  const float f = nodes_[node].f;
  for (;;) {
    const int left = 1 + (slot << 1), right = left + 1;
    if (left >= size()) break;
    const float left_f = nodes_[heap_[left]].f;
    const float right_f = right >= size() ? std::numeric_limits<float>::infinity() : nodes_[heap_[right]].f;
    const int child = left_f < right_f ? left : right;
    const float child_f = left_f < right_f ? left_f : right_f;
    if (!(child_f < f)) break;
    place(slot, heap_[child]);
    slot = child;
  }
  place(slot, node);
}

}  // namespace hz
