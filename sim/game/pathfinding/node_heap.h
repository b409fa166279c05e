// The A* open set as vanilla's BinaryHeap: a binary min-heap on Node::f with vanilla's exact
// sift rules, so that nodes of equal f come out in the same order as in vanilla.
#pragma once

#include <vector>

#include "sim/game/pathfinding/node.h"

namespace hz {

class NodeHeap {
 public:
  // The heap keeps indices into `nodes` and writes each node's heap_index.
  explicit NodeHeap(std::vector<Node>& nodes) : nodes_(nodes) {}

  void insert(int node);
  int pop();  // the node with the least f; the heap must not be empty
  // Sets a queued node's f and moves it up or down.
  void change_cost(int node, float f);
  bool empty() const { return heap_.empty(); }
  int size() const { return static_cast<int>(heap_.size()); }
  void clear();

 private:
  void up_heap(int slot);
  void down_heap(int slot);
  void place(int slot, int node);

  std::vector<Node>& nodes_;
  std::vector<int> heap_;
};

}  // namespace hz
